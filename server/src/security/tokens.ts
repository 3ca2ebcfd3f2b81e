import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hash,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** A random URL-safe token: 32 bytes (256 bits) by default. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A numeric one-time code from the CSPRNG, zero-padded (uniform over all codes). */
export function randomDigits(length = 6): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

/** Tokens are stored only as this hash: a leaked table or store holds no usable token. */
export function sha256(value: string): string {
  return hash('sha256', value, 'base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Keys derived from the server secret, one per purpose. */
export class Secrets {
  private readonly macKey: Buffer;
  private readonly sealKey: Buffer;

  constructor(secret: string) {
    const ikm = Buffer.from(secret, 'utf8');
    this.macKey = Buffer.from(hkdfSync('sha256', ikm, 'helios', 'mac', 32));
    this.sealKey = Buffer.from(hkdfSync('sha256', ikm, 'helios', 'seal', 32));
  }

  /** Keyed hash for short secrets (one-time codes) that a plain hash would not protect. */
  mac(value: string): string {
    return createHmac('sha256', this.macKey).update(value).digest('base64url');
  }

  /** Authenticated encryption (AES-256-GCM) for secrets the server must read back (TOTP keys). */
  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(
      '.',
    );
  }

  open(sealed: string): string {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || !body || !tag) throw new Error('Unknown sealed format');
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
