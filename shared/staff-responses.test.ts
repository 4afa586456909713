import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withErrorResponses, ZUserInfoResponse, ZUsersListResponse } from './staff-responses.js';

// The API serializes every staff answer by encoding it with its schema, as these tests do.

const row = {
  userId: 7,
  userType: 'tester' as const,
  userFirstName: 'Ann',
  userLastName: 'Lee',
  userEmail: 'ann@example.org',
  userPhone: '555-0100',
  userEnrolled: true,
};

describe('staff response schemas', () => {
  it('refuses an answer that lacks a documented field', () => {
    const answer = { code: 'SUCCESS', message: { usersInfo: [row], page: 1, total: 1 } };
    expect(z.safeEncode(ZUsersListResponse, answer as never).success).toBe(false);
  });

  it('leaves out fields the schema does not name', () => {
    const answer = {
      code: 'SUCCESS' as const,
      message: { usersInfo: [{ ...row, id: 7 }], finalPage: 1, page: 1, total: 1 },
      finalPage: 1,
    };
    const sent = z.encode(ZUsersListResponse, answer);
    expect(sent.message).not.toHaveProperty('finalPage');
    expect(sent.message.usersInfo[0]).not.toHaveProperty('id');
  });

  it('sends the fields in the order the answer has always had', () => {
    const answer = {
      code: 'SUCCESS' as const,
      message: {
        userInfo: {
          ...row,
          userOrgs: { '3': { name: 'Springfield Water', enrolled: true } },
          userServiceProviders: { '5': 'Lee Backflow' },
          userCerts: {
            '9': {
              certNum: 'C-1',
              certExp: '2030-06-30',
              certAgency: 'AWWA',
              certAgencyID: 1,
              certType: 'Tester',
              certTypeID: 2,
              certDocLink: null,
            },
          },
        },
      },
    };
    expect(JSON.stringify(z.encode(ZUserInfoResponse, answer))).toBe(JSON.stringify(answer));
  });

  it('gives every route the common error shape for 4xx and 5xx', () => {
    const answers = withErrorResponses({ 200: ZUsersListResponse });
    const error = { code: 'NOT FOUND', message: 'User not found.' };
    expect(z.encode(answers['4xx'], error)).toEqual(error);
    expect(z.safeEncode(answers['5xx'], { message: 'no code' } as never).success).toBe(false);
  });
});
