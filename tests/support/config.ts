import { expect } from 'vitest';
import { ConfigError, parseEnv } from '../../src/server/config';

/** The message start-up refuses these settings with; fails the test when they are accepted. */
export function configRefusal(env: Record<string, string>): string {
  try {
    parseEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}
