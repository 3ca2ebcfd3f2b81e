import { sql } from 'drizzle-orm';
import type { TestServer } from './harness';

/**
 * Makes the database refuse the audit rows of one action, as an unreachable database would
 * (SQLSTATE 57P03), until `allowAuditRows`: the last statement of a change fails after the
 * earlier ones ran. `action` is a name from a test, never input.
 */
export async function refuseAuditRowsOf(server: TestServer, action: string) {
  await server.ctx.db.execute(sql`
    create or replace function refuse_audit_for_test() returns trigger language plpgsql as $$
    begin
      raise exception 'audit refused for the test' using errcode = '57P03';
    end $$`);
  await server.ctx.db.execute(
    sql.raw(`create trigger refuse_audit_for_test before insert on audit_events
      for each row when (new.action = '${action}') execute function refuse_audit_for_test()`),
  );
}

export async function allowAuditRows(server: TestServer) {
  await server.ctx.db.execute(sql`drop trigger if exists refuse_audit_for_test on audit_events`);
  await server.ctx.db.execute(sql`drop function if exists refuse_audit_for_test()`);
}
