import { describe, expect, it } from 'vitest';
import { getInitials, getNavItems } from './nav-items';

describe('getNavItems', () => {
  it('shows Admin to admins only', () => {
    expect(getNavItems(true).map((item) => item.label)).toEqual([
      'Entities',
      'Posts',
      'Scheduling',
      'Analytics',
      'Subscription Plans',
      'Admin',
      'Settings',
    ]);
    expect(getNavItems(false).map((item) => item.label)).not.toContain('Admin');
  });

  it('links each item to its route', () => {
    const routes = Object.fromEntries(getNavItems(true).map((item) => [item.label, item.to]));
    expect(routes).toMatchObject({
      Entities: '/companies',
      Analytics: '/analytics',
      'Subscription Plans': '/subscriptions',
      Admin: '/admin/subscriptions',
    });
  });
});

describe('getInitials', () => {
  it('takes the first letters of the first two words', () => {
    expect(getInitials('Ada Lovelace')).toBe('AL');
    expect(getInitials('  jean  claude van damme ')).toBe('JC');
  });

  it('copes with one word or none', () => {
    expect(getInitials('ada')).toBe('A');
    expect(getInitials('   ')).toBe('?');
  });
});
