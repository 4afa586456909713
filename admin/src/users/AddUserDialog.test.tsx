// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../shared/codes';
import { createDataProvider } from '../providers/dataProvider';
import type { HttpClient } from '../providers/httpClient';
import { AddUserDialog } from './AddUserDialog';
import { validateUser } from './userForm';

afterEach(cleanup);

describe('Add user dialog validation messages', () => {
  it('reports each required field and sends nothing', async () => {
    const httpClient = vi.fn<HttpClient>();
    render(
      <AdminContext dataProvider={createDataProvider(httpClient, vi.fn())}>
        <AddUserDialog open onClose={vi.fn()} />
      </AdminContext>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add User' }));
    const summary = await within(dialog).findByRole('alert');
    for (const message of [
      'User Type is required.',
      'First Name is required.',
      'Last Name is required.',
      'Email is required.',
    ]) {
      expect(summary.textContent).toContain(message);
    }
    expect(httpClient).not.toHaveBeenCalled();
  });

  it('applies the shared length and email rules', () => {
    const errors = validateUser({
      type: 'tester',
      firstName: 'x'.repeat(51),
      lastName: 'Ok',
      email: 'not-an-email',
      phone: '5'.repeat(51),
    });
    expect(errors).toEqual({
      firstName: MESSAGES.firstNameTooLong,
      email: 'Invalid email.',
      phone: MESSAGES.phoneTooLong,
    });
  });
});
