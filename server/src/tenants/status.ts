/** A tenant is active until its deactivation time has passed (a future time is only planned). */
export function tenantActive(inactiveAt: Date | null, now: Date): boolean {
  return inactiveAt === null || inactiveAt.getTime() > now.getTime();
}
