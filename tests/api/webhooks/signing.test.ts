import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  SecretBoxError,
} from '../../../api/src/modules/webhooks/secret-box.js';
import {
  activeSigningSecrets,
  generateSigningSecret,
  ROTATION_OVERLAP_MS,
  rotateSigningSecret,
  signDelivery,
} from '../../../api/src/modules/webhooks/signing.js';

describe('endpoint signing secrets', () => {
  it('are whsec_ and the base64 of 32 random bytes, different every time', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(generateSigningSecret()).not.toBe(secret);
  });

  it('sign the specification test vector exactly', () => {
    // https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md
    const headers = signDelivery({
      webhookId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: new Date(1614265330 * 1000),
      body: '{"test": 2432232314}',
      secrets: { current: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
    });
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('keep the replaced secret signing until the rotation period ends, and not after', () => {
    const old = generateSigningSecret();
    const rotatedAt = new Date('2026-11-27T09:00:00Z');
    const rotated = rotateSigningSecret({ current: old }, rotatedAt);
    const end = new Date(rotatedAt.getTime() + ROTATION_OVERLAP_MS);

    expect(rotated.current).not.toBe(old);
    expect(activeSigningSecrets(rotated, rotatedAt)).toEqual([rotated.current, old]);
    expect(activeSigningSecrets(rotated, new Date(end.getTime() - 1))).toEqual([
      rotated.current,
      old,
    ]);
    expect(activeSigningSecrets(rotated, end)).toEqual([rotated.current]);
  });

  it('put one signature per active secret in the header, each verifiable alone', () => {
    const old = generateSigningSecret();
    const now = new Date();
    const rotated = rotateSigningSecret({ current: old }, now);
    const body = JSON.stringify({ type: 'person.updated', timestamp: now, data: { id: 7 } });
    const headers = signDelivery({
      webhookId: 'msg_rotation',
      timestamp: now,
      body,
      secrets: rotated,
    });

    const signatures = headers['webhook-signature'].split(' ');
    expect(signatures).toHaveLength(2);
    for (const secret of [old, rotated.current]) {
      expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    }
    expect(() => new Webhook(generateSigningSecret()).verify(body, headers)).toThrow(
      'No matching signature found',
    );
  });
});

describe('signing secrets at rest', () => {
  const key = randomBytes(32);

  it('round-trip through encryption with the same key, never stored in clear', () => {
    const secret = generateSigningSecret();
    const sealed = encryptSecret(secret, key);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret.slice('whsec_'.length, 20));
    expect(encryptSecret(secret, key)).not.toBe(sealed);
    expect(decryptSecret(sealed, key)).toBe(secret);
  });

  it('refuse a sealed secret that was altered in any part', () => {
    const sealed = encryptSecret(generateSigningSecret(), key);
    const parts = sealed.split('.');
    for (const index of [1, 2, 3]) {
      const part = Buffer.from(parts[index] as string, 'base64url');
      part[0] = (part[0] as number) ^ 1;
      const altered = parts.map((p, i) => (i === index ? part.toString('base64url') : p)).join('.');
      expect(() => decryptSecret(altered, key), `part ${index}`).toThrow(SecretBoxError);
    }
    expect(() => decryptSecret(`v2${sealed.slice(2)}`, key)).toThrow(SecretBoxError);
    expect(() => decryptSecret(`${sealed}.extra`, key)).toThrow(SecretBoxError);
  });

  it('refuse another key, and keys that are not 32 bytes', () => {
    const sealed = encryptSecret(generateSigningSecret(), key);
    expect(() => decryptSecret(sealed, randomBytes(32))).toThrow(
      'the sealed signing secret was altered or the key is not the one used',
    );
    expect(() => encryptSecret('whsec_x', randomBytes(16))).toThrow(SecretBoxError);
  });
});
