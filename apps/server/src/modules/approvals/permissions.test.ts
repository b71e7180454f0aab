import { TEAM_ROLES, type TeamRole } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { canApprove, permission, type ReviewDecision } from './permissions.js';

const OWNER = 'owner-id';
const actor = (role: TeamRole, id = `${role}-id`) => ({
  id: role === 'owner' ? OWNER : id,
  role,
});

describe('approval permissions', () => {
  const table: Record<ReviewDecision, readonly TeamRole[]> = {
    read: ['owner', 'manager', 'editor', 'viewer'],
    submit: ['owner', 'manager', 'editor'],
    comment: ['owner', 'manager', 'editor'],
    approve: ['owner', 'manager'],
    request_changes: ['owner', 'manager'],
    set_approval: ['owner', 'manager'],
    manage_review_links: ['owner', 'manager'],
    set_branding: ['owner'],
  };
  for (const [decision, allowed] of Object.entries(table) as Array<[ReviewDecision, TeamRole[]]>) {
    for (const role of TEAM_ROLES) {
      const expected = allowed.includes(role);
      it(`${role} ${expected ? 'may' : 'may not'} ${decision}`, () => {
        const result = permission(actor(role), decision);
        expect(result.allowed).toBe(expected);
        if (!result.allowed) expect(result.code).toBe('FORBIDDEN_ROLE');
      });
    }
  }

  it("approves someone else's post as owner or manager", () => {
    const post = { createdBy: 'editor-id', ownerId: OWNER };
    expect(canApprove(actor('owner'), post).allowed).toBe(true);
    expect(canApprove(actor('manager'), post).allowed).toBe(true);
  });

  it('refuses a manager their own post (SELF_APPROVAL), never the owner', () => {
    const own = { createdBy: 'manager-id', ownerId: OWNER };
    expect(canApprove(actor('manager'), own)).toMatchObject({
      allowed: false,
      code: 'SELF_APPROVAL',
    });
    expect(canApprove(actor('owner'), { createdBy: OWNER, ownerId: OWNER }).allowed).toBe(true);
  });

  it('counts a post without a recorded author as the owner’s', () => {
    const legacy = { createdBy: null, ownerId: OWNER };
    expect(canApprove(actor('owner'), legacy).allowed).toBe(true);
    expect(canApprove(actor('manager'), legacy).allowed).toBe(true);
  });

  it('refuses editors and viewers by role before anything else, even on others’ posts', () => {
    const post = { createdBy: 'someone', ownerId: OWNER };
    expect(canApprove(actor('editor'), post)).toMatchObject({ code: 'FORBIDDEN_ROLE' });
    expect(canApprove(actor('viewer'), post)).toMatchObject({ code: 'FORBIDDEN_ROLE' });
    expect(canApprove(actor('editor', 'someone'), post)).toMatchObject({ code: 'FORBIDDEN_ROLE' });
  });
});
