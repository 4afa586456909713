// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeletePanel } from './DeletePanel';

afterEach(cleanup);

const MISMATCH = 'Org name incorrect. Please enter the exact org name.';

function setup(onDelete = vi.fn(async () => undefined)) {
  const onCancel = vi.fn();
  render(
    <DeletePanel organizationName="River City Water" onDelete={onDelete} onCancel={onCancel} />,
  );
  const input = screen.getByLabelText('Organization name to delete');
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const clickDelete = () => fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  return { onDelete, onCancel, type, clickDelete };
}

describe('DeletePanel', () => {
  it('refuses a name that is not exactly the organization name', async () => {
    const { onDelete, type, clickDelete } = setup();
    for (const wrong of ['', 'river city water', 'River City Water ', 'River City']) {
      type(wrong);
      clickDelete();
      expect((await screen.findByRole('alert')).textContent).toBe(MISMATCH);
    }
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('deletes once the exact name is typed', async () => {
    const { onDelete, type, clickDelete } = setup();
    type('River City');
    clickDelete();
    await screen.findByText(MISMATCH);
    type('River City Water');
    clickDelete();
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(MISMATCH)).toBeNull();
  });

  it("shows the server's message when the delete fails", async () => {
    const { type, clickDelete } = setup(
      vi.fn(async () => {
        throw new Error('Organization not found.');
      }),
    );
    type('River City Water');
    clickDelete();
    expect((await screen.findByRole('alert')).textContent).toBe('Organization not found.');
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('Cancel leaves without deleting', () => {
    const { onDelete, onCancel } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onDelete).not.toHaveBeenCalled();
  });
});
