const pad = (n: number) => String(n).padStart(2, '0');

/** Formats an ISO timestamp as 'YYYY-MM-DD HH:mm UTC'; an empty or unreadable value gives ''. */
export function formatUtc(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}
