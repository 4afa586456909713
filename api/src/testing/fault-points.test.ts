import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { armFaultPoint, faultPoint } from './fault-points.js';

const production = {
  NODE_ENV: 'production',
  DATA_DIR: '/tmp/backflow-fault-point-test',
  ADMIN_EMAIL: 'ops@example.org',
  ADMIN_PASSWORD: 'a-long-enough-password',
  JWT_SECRET: 'y'.repeat(40),
  WEBHOOK_SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
  PUBLIC_URL: 'https://backflow.example.org',
  SMTP_URL: 'smtp://mail.example.org:587',
};

afterEach(() => armFaultPoint({ env: 'test', faultPoint: undefined }));

describe('fault points', () => {
  it('do nothing unless armed, and fire only at the armed point', () => {
    const onFault = vi.fn();
    armFaultPoint({ env: 'test', faultPoint: undefined }, onFault);
    faultPoint('after-first-write');
    expect(onFault).not.toHaveBeenCalled();

    armFaultPoint({ env: 'test', faultPoint: 'before-commit' }, onFault);
    faultPoint('after-first-write');
    faultPoint('after-commit');
    expect(onFault).not.toHaveBeenCalled();
    faultPoint('before-commit');
    expect(onFault).toHaveBeenCalledTimes(1);
  });

  it('cannot be armed in production', () => {
    const onFault = vi.fn();
    expect(() => armFaultPoint({ env: 'production', faultPoint: 'after-commit' }, onFault)).toThrow(
      /refused in production/,
    );
    faultPoint('after-commit');
    expect(onFault).not.toHaveBeenCalled();
  });

  it('are read from FAULT_POINT outside production and refused by the configuration in production', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: production.DATA_DIR,
      JWT_SECRET: production.JWT_SECRET,
      FAULT_POINT: 'after-first-write',
    });
    expect(config.faultPoint).toBe('after-first-write');
    expect(loadConfig(production).faultPoint).toBeUndefined();
    expect(() => loadConfig({ ...production, FAULT_POINT: 'after-first-write' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...production, FAULT_POINT: 'after-first-write' })).toThrow(
      /FAULT_POINT is a test-only setting/,
    );
    for (const unknown of ['anywhere', 'after-users']) {
      expect(() =>
        loadConfig({ NODE_ENV: 'test', DATA_DIR: production.DATA_DIR, FAULT_POINT: unknown }),
      ).toThrow(/FAULT_POINT/);
    }
  });
});
