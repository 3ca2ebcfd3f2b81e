#!/usr/bin/env node
import { RedirectUri } from '@helios/api';
import { setPlatformAdmin } from './admin/grant';
import { type Config, ConfigError, loadConfig } from './config';
import { demoAccountsText, seedDemo } from './demo/seed';
import { failureText } from './http/errors';
import { SHARING_PORTAL_CLIENT_ID, type SharingPortalSettings, saveSharingPortal } from './oidc/clients';
import { rotateSigningKeys } from './oidc/keys';
import { closeOnSignals, createServer } from './server';

const usage = `Usage: helios <command>

Commands:
  serve [--seed-demo]   start the server (SEED_DEMO=true also seeds)
  seed                  create the demo tenants and accounts, then exit
  migrate               apply database migrations, then exit
  admin grant <email>   make the account a platform admin
  admin revoke <email>  take platform admin rights away
  keys rotate           add new identity-provider signing keys and retire the old ones
  client sharing-portal --login-uri <url> --redirect-uri <url> [--post-logout-uri <url>] [--new-secret]
                        create or update the sharing portal's OpenID Connect client

Configuration comes from environment variables; see the README.`;

async function main(argv: string[]) {
  const [command, ...flags] = argv;
  const config = loadConfig();
  if (command === 'serve') {
    const running = await createServer(config);
    closeOnSignals(running);
    if (config.seedDemo || flags.includes('--seed-demo')) {
      await seedDemo(running.ctx);
      process.stdout.write(`\n${demoAccountsText()}\n\n`);
    }
    await running.app.listen({ port: config.port, host: config.host });
    process.stdout.write(`Helios is running at ${config.publicUrl}\n`);
    return;
  }
  if (command === 'seed' || command === 'migrate') {
    const running = await createServer(config);
    if (command === 'seed') {
      const { created } = await seedDemo(running.ctx);
      process.stdout.write(`Created ${created} demo accounts.\n${demoAccountsText()}\n`);
    } else {
      process.stdout.write('Migrations applied.\n');
    }
    await running.close();
    return;
  }
  if (command === 'admin') {
    process.exitCode = await admin(config, flags);
    return;
  }
  if (command === 'keys') {
    process.exitCode = await keys(config, flags);
    return;
  }
  if (command === 'client') {
    process.exitCode = await client(config, flags);
    return;
  }
  process.stdout.write(`${usage}\n`);
  process.exitCode = command ? 2 : 0;
}

/** `admin grant|revoke <email>`: 0 done (or nothing to do), 1 no such account, 2 bad usage. */
async function admin(config: Config, [action, email, ...rest]: string[]): Promise<number> {
  if ((action !== 'grant' && action !== 'revoke') || !email || rest.length > 0) {
    process.stderr.write('Usage: helios admin grant <email> | helios admin revoke <email>\n');
    return 2;
  }
  const running = await createServer(config);
  try {
    const grant = action === 'grant';
    const outcome = await setPlatformAdmin(running.ctx, email, grant);
    if (outcome === 'no_account') {
      process.stderr.write(`No account with the email ${email}. The person must have an account first.\n`);
      return 1;
    }
    const messages = {
      grant: { changed: `${email} is now a platform admin.`, unchanged: `${email} is already a platform admin.` },
      revoke: { changed: `${email} is no longer a platform admin.`, unchanged: `${email} was not a platform admin.` },
    };
    process.stdout.write(`${messages[action][outcome]}\n`);
    return 0;
  } finally {
    await running.close();
  }
}

/** `keys rotate`: 0 done, 2 bad usage. */
async function keys(config: Config, args: string[]): Promise<number> {
  if (args.length !== 1 || args[0] !== 'rotate') {
    process.stderr.write('Usage: helios keys rotate\n');
    return 2;
  }
  const running = await createServer(config);
  try {
    const { added } = await rotateSigningKeys(running.ctx);
    process.stdout.write(
      `Added signing keys ${added.join(', ')}.\n` +
        'Restart every node, one after another: each signs with the new keys once restarted. The previous keys stay\n' +
        'published for a day, so tokens they signed can still be verified.\n',
    );
    return 0;
  } finally {
    await running.close();
  }
}

const SHARING_PORTAL_USAGE =
  'Usage: helios client sharing-portal --login-uri <url> --redirect-uri <url> [--post-logout-uri <url>] [--new-secret]\n';

/** The sharing portal's addresses from `--name value` flags, or the problems with them. */
function sharingPortalSettings(args: string[]): { settings: SharingPortalSettings; newSecret: boolean } | string[] {
  const values = new Map<string, string>();
  let newSecret = false;
  const problems: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i] ?? '';
    if (name === '--new-secret') newSecret = true;
    else if (['--login-uri', '--redirect-uri', '--post-logout-uri'].includes(name) && args[i + 1] !== undefined)
      values.set(name, args[++i] as string);
    else problems.push(`unknown or incomplete option ${name}`);
  }
  for (const name of ['--login-uri', '--redirect-uri']) if (!values.has(name)) problems.push(`${name} is required`);
  for (const [name, value] of values) {
    const parsed = RedirectUri.safeParse(value);
    if (!parsed.success) problems.push(`${name}: ${parsed.error.issues[0]?.message}`);
  }
  if (problems.length > 0) return problems;
  return {
    settings: {
      loginUri: values.get('--login-uri') as string,
      redirectUri: values.get('--redirect-uri') as string,
      postLogoutUri: values.get('--post-logout-uri') ?? null,
    },
    newSecret,
  };
}

/** `client sharing-portal …`: 0 done, 2 bad usage. The secret is printed once: on creation or
 * with --new-secret. */
async function client(config: Config, [kind, ...args]: string[]): Promise<number> {
  const parsed = kind === 'sharing-portal' ? sharingPortalSettings(args) : ['name the client: sharing-portal'];
  if (Array.isArray(parsed)) {
    process.stderr.write(`${parsed.map((problem) => `helios client: ${problem}\n`).join('')}${SHARING_PORTAL_USAGE}`);
    return 2;
  }
  const running = await createServer(config);
  try {
    const { created, secret } = await saveSharingPortal(running.ctx, parsed.settings, parsed.newSecret);
    process.stdout.write(
      `${created ? 'Created' : 'Updated'} the sharing portal client.\n  client_id: ${SHARING_PORTAL_CLIENT_ID}\n`,
    );
    process.stdout.write(
      secret
        ? `  client_secret: ${secret}\nKeep the secret now: it is not shown again.\n`
        : 'Its secret is unchanged (--new-secret replaces it).\n',
    );
    return 0;
  } finally {
    await running.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  // With its cause; never a password (addresses are shown without it) nor a query's values.
  process.stderr.write(`helios: ${failureText(error)}\n`);
  process.exit(1);
});
