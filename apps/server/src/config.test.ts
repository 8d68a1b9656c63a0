import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('starts from documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, role: 'all', registrationOpen: true, dataDir: '.data', embeddedPgPort: 54329 });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads and converts environment variables', () => {
    const config = loadConfig({ PORT: '9090', REGISTRATION_OPEN: 'false', DATABASE_URL: 'postgres://x@y/z', PLATTER_ROLE: 'worker' });
    expect(config).toMatchObject({ port: 9090, registrationOpen: false, databaseUrl: 'postgres://x@y/z', role: 'worker' });
  });

  it('links mails to this machine on its own port unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(loadConfig({ PORT: '9090', PUBLIC_URL: 'https://pool.example.com/' }).publicUrl).toBe('https://pool.example.com');
  });

  it('refuses invalid values, naming every variable at fault', () => {
    expect(() => loadConfig({ PORT: 'eighty', PLATTER_ROLE: 'boss', SESSION_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', PLATTER_ROLE: 'boss', SESSION_SECRET: 'short' });
    } catch (error) {
      const text = String(error);
      for (const name of ['PORT', 'PLATTER_ROLE', 'SESSION_SECRET']) expect(text).toContain(name);
    }
  });
});
