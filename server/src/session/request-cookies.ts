import type { Config } from '../config';

/**
 * The name a cookie of Helios's own goes by. Over HTTPS it carries the `__Host-` prefix: the
 * browser then accepts it only when it is Secure, at `Path=/` and without `Domain`, so no other
 * host (a neighbouring subdomain, say) can set or overwrite it. Over plain HTTP a browser refuses
 * such a name, and the name stays as given. Every cookie set at `Path=/` takes its name from here.
 */
export function cookieName(config: Pick<Config, 'secure'>, name: string): string {
  return config.secure ? `__Host-${name}` : name;
}
