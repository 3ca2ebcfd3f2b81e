#!/usr/bin/env -S node --import tsx
import { setPlatformAdmin } from './admin/grant';
import { type Config, ConfigError, loadConfig } from './config';
import { demoAccountsText, seedDemo } from './demo/seed';
import { closeOnSignals, createServer } from './server';

const usage = `Usage: helios <command>

Commands:
  serve [--seed-demo]   start the server (SEED_DEMO=true also seeds)
  seed                  create the demo tenants and accounts, then exit
  migrate               apply database migrations, then exit
  admin grant <email>   make the account a platform admin
  admin revoke <email>  take platform admin rights away

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

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`helios: ${(error as Error)?.message ?? error}\n`);
  process.exit(1);
});
