import { Skeleton } from '@helios/design-system';

/** Placeholders the size of the pages' loaded content, so the card does not jump when the
 * account's data arrives. Hidden from screen readers; LoadStatus announces the loading. */

function FieldSkeleton() {
  return (
    <div className="grid gap-1.5">
      <Skeleton className="h-5 w-24" />
      <Skeleton className="h-10 w-1/2" />
    </div>
  );
}

/** The account settings page: avatar and fields, login methods, active methods. */
export function ProfileSkeleton() {
  return (
    <div data-slot="profile-skeleton" aria-hidden="true" className="grid gap-6">
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <Skeleton className="size-16 shrink-0 rounded-full" />
        <div className="grid w-full gap-4">
          <div className="grid gap-1">
            <div className="grid gap-3 sm:grid-cols-2">
              {['name', 'email'].map((item) => (
                <div key={item} className="grid gap-0.5">
                  <Skeleton className="h-5 w-16" />
                  <Skeleton className="h-6 w-40" />
                </div>
              ))}
            </div>
            <Skeleton className="h-4 w-44" />
          </div>
          <FieldSkeleton />
        </div>
      </div>
      <div className="grid gap-4">
        <Skeleton className="h-6 w-36" />
        {['a', 'b', 'c', 'd'].map((row) => (
          <div key={row} className="flex items-center gap-3">
            <Skeleton className="h-6 w-11 rounded-full" />
            <Skeleton className="h-5 w-48" />
          </div>
        ))}
        <Skeleton className="h-10 w-72" />
      </div>
      <div className="grid gap-3">
        <Skeleton className="h-6 w-60" />
        <Skeleton className="h-[138px] w-full rounded-lg" />
      </div>
    </div>
  );
}
