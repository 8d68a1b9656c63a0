import { describe, expect, it } from 'vitest';
import { localLink } from './DevMailbox.tsx';

describe('links in the development mailbox', () => {
  it('opens account links (activation, reset) on this origin whatever the public address says', () => {
    expect(localLink('http://localhost:8080/register/activate?token=abc')).toEqual({ to: '/register/activate?token=abc', external: false });
    expect(localLink('https://pool.example/request/reset?token=x-y')).toEqual({ to: '/request/reset?token=x-y', external: false });
  });

  it('leaves other links alone', () => {
    expect(localLink('https://help.example/faq')).toEqual({ to: 'https://help.example/faq', external: true });
  });
});
