#!/usr/bin/env -S node --import tsx
import { ConfigError, loadConfig } from './config';
import { demoAccountsText, seedDemo } from './demo/seed';
import { closeOnSignals, createServer } from './server';

const usage = `Usage: helios <command>

Commands:
  serve [--seed-demo]   start the server (SEED_DEMO=true also seeds)
  seed                  create the demo tenants and accounts, then exit
  migrate               apply database migrations, then exit

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
  process.stdout.write(`${usage}\n`);
  process.exitCode = command ? 2 : 0;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`helios: ${(error as Error)?.message ?? error}\n`);
  process.exit(1);
});
