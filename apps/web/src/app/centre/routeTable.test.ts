import { describe, expect, it } from 'vitest';
import { mainRoutes } from '../routes.tsx';
import { MEMBER_ROUTES, PUBLIC_ROUTES } from '../routeTable.ts';

describe('the route table', () => {
  it('lists every page of the router (the browser tests’ route sweep reads it)', () => {
    const routed = mainRoutes.map((route) => route.path).filter((path) => path !== '*' && path !== '/center/*');
    expect(new Set(routed)).toEqual(new Set([...PUBLIC_ROUTES, ...MEMBER_ROUTES.map((route) => route.path)]));
  });
});
