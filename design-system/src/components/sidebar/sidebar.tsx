import type * as React from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { StrokeIcon } from '../../lib/stroke-icon';
import { useControllableState } from '../../lib/use-controllable-state';
import { Switch } from '../switch/switch';

/** One navigation entry of the sidebar. */
export type SidebarItem = {
  /** Stable key, compared with `activeKey`. */
  key: string;
  /** Visible name; the accessible name when the sidebar is collapsed. */
  label: string;
  /** Where the entry leads. */
  href: string;
  /** Icon shown beside the label and alone when collapsed. */
  icon?: React.ReactNode;
};

/** Props to spread on a custom link so it keeps the sidebar's styling and `aria-current`. */
export type SidebarLinkProps = {
  href: string;
  className: string;
  title: string | undefined;
  'aria-current': 'page' | undefined;
  'data-slot': 'sidebar-link';
};

/** Words of the sidebar's own controls. */
export type SidebarLabels = {
  navigation: string;
  collapse: string;
  expand: string;
  darkMode: string;
};

export type SidebarProps = Omit<React.ComponentProps<'aside'>, 'children' | 'title'> & {
  /** The main entries, top to bottom. */
  items: readonly SidebarItem[];
  /** Entries pinned to the bottom (e.g. Tools). */
  bottomItems?: readonly SidebarItem[];
  /** Key of the entry for the current page. */
  activeKey?: string;
  /** Whether only icons show (controlled). */
  collapsed?: boolean;
  /** Whether only icons show at first (uncontrolled). */
  defaultCollapsed?: boolean;
  /** Called when the collapse toggle is used. */
  onCollapsedChange?: (collapsed: boolean) => void;
  /** Whether the dark theme is on. */
  dark: boolean;
  /** Called when the dark-mode switch is toggled. */
  onDarkChange: (dark: boolean) => void;
  /** Words of the navigation landmark, toggle and switch; English by default. */
  labels?: Partial<SidebarLabels>;
  /** Renders an entry with the app's router link; spread `linkProps` on it. A plain <a> by default. */
  renderLink?: (item: SidebarItem, children: React.ReactNode, linkProps: SidebarLinkProps) => React.ReactNode;
  /** Product name at the top. */
  title?: React.ReactNode;
};

const defaultLabels: SidebarLabels = {
  navigation: 'Admin',
  collapse: 'Collapse sidebar',
  expand: 'Expand sidebar',
  darkMode: 'Dark mode',
};

const linkClassName =
  'focus-ring flex h-10 items-center gap-3 rounded-md px-3 font-medium text-sidebar-foreground text-sm transition-colors hover:bg-accent hover:text-accent-foreground aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground group-data-[collapsed=true]/sidebar:justify-center group-data-[collapsed=true]/sidebar:px-0 [&_svg]:size-5 [&_svg]:shrink-0';

/**
 * The admin console's navigation: main entries, entries pinned to the bottom, a collapse toggle
 * and a dark-mode switch. Collapsed, it shows icons only; labels stay as accessible names and tooltips.
 */
export function Sidebar({
  items,
  bottomItems = [],
  activeKey,
  collapsed: collapsedProp,
  defaultCollapsed = false,
  onCollapsedChange,
  dark,
  onDarkChange,
  labels,
  renderLink,
  title = 'Helios admin',
  className,
  ...props
}: SidebarProps) {
  const words = { ...defaultLabels, ...labels };
  const navId = useId();
  const [collapsed, setCollapsed] = useControllableState({
    prop: collapsedProp,
    defaultProp: defaultCollapsed,
    onChange: onCollapsedChange,
    caller: 'Sidebar',
  });

  function toggleCollapsed() {
    setCollapsed(!collapsed);
  }

  const renderItem = (item: SidebarItem) => {
    const linkProps: SidebarLinkProps = {
      href: item.href,
      className: linkClassName,
      // The tooltip names the icon for sighted mouse users once the label is hidden.
      title: collapsed ? item.label : undefined,
      'aria-current': item.key === activeKey ? 'page' : undefined,
      'data-slot': 'sidebar-link',
    };
    const children = (
      <>
        {item.icon ?? null}
        <span data-slot="sidebar-label" className={cn('truncate', collapsed && 'sr-only')}>
          {item.label}
        </span>
      </>
    );
    return (
      <li key={item.key} data-slot="sidebar-item">
        {renderLink ? renderLink(item, children, linkProps) : <a {...linkProps}>{children}</a>}
      </li>
    );
  };

  return (
    <aside
      data-slot="sidebar"
      data-collapsed={collapsed}
      className={cn(
        'group/sidebar flex h-full flex-col gap-2 border-e bg-sidebar p-2 text-sidebar-foreground transition-[width]',
        collapsed ? 'w-16' : 'w-60',
        className,
      )}
      {...props}
    >
      <div
        data-slot="sidebar-header"
        className={cn('flex h-12 items-center gap-2', collapsed ? 'justify-center' : 'justify-between ps-3')}
      >
        <span data-slot="sidebar-title" className={cn('truncate font-semibold', collapsed && 'sr-only')}>
          {title}
        </span>
        <button
          data-slot="sidebar-toggle"
          type="button"
          aria-expanded={!collapsed}
          aria-controls={navId}
          aria-label={collapsed ? words.expand : words.collapse}
          title={collapsed ? words.expand : words.collapse}
          onClick={toggleCollapsed}
          className="focus-ring inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-md text-sidebar-foreground hover:bg-accent hover:text-accent-foreground"
        >
          <CollapseIcon collapsed={collapsed} />
        </button>
      </div>
      <nav
        data-slot="sidebar-nav"
        id={navId}
        aria-label={words.navigation}
        className="flex min-h-0 flex-1 flex-col justify-between gap-2 overflow-y-auto"
      >
        <ul data-slot="sidebar-items" className="grid gap-1">
          {items.map(renderItem)}
        </ul>
        {bottomItems.length > 0 ? (
          <ul data-slot="sidebar-bottom-items" className="grid gap-1">
            {bottomItems.map(renderItem)}
          </ul>
        ) : null}
      </nav>
      <div
        data-slot="sidebar-footer"
        className={cn('border-t pt-3 pb-1', collapsed ? 'flex justify-center' : 'px-3')}
        title={collapsed ? words.darkMode : undefined}
      >
        <Switch
          checked={dark}
          onCheckedChange={onDarkChange}
          label={<span className={cn(collapsed && 'sr-only')}>{words.darkMode}</span>}
          containerClassName={cn('items-center', collapsed && 'gap-0')}
          className="mt-0"
        />
      </div>
    </aside>
  );
}

/** A 24×24 stroke icon; decorative, as the entry's label names it. */
function Icon({ className, children }: { className?: string; children: React.ReactNode }) {
  return <StrokeIcon className={className}>{children}</StrokeIcon>;
}

function CollapseIcon({ collapsed }: { collapsed: boolean }) {
  return (
    <Icon className="size-5">
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M9 4v16" />
      <path d={collapsed ? 'm13 10 2 2-2 2' : 'm16 10-2 2 2 2'} />
    </Icon>
  );
}

/** Default icons for the admin console's sections. */
export const sidebarIcons = {
  tenants: (
    <Icon>
      <path d="M4 21V5a1 1 0 0 1 1-1h8a1 1 0 0 1 1 1v16" />
      <path d="M14 9h5a1 1 0 0 1 1 1v11" />
      <path d="M2 21h20M8 8h2M8 12h2M8 16h2M17 13h.01M17 17h.01" />
    </Icon>
  ),
  accounts: (
    <Icon>
      <circle cx="9" cy="8" r="4" />
      <path d="M2 21a7 7 0 0 1 14 0" />
      <path d="M16 4a4 4 0 0 1 0 8M22 21a7 7 0 0 0-4-6.3" />
    </Icon>
  ),
  invoice: (
    <Icon>
      <path d="M6 2h9l5 5v15H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Z" />
      <path d="M14 2v6h6M8 13h8M8 17h5" />
    </Icon>
  ),
  notifications: (
    <Icon>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.9 1.9 0 0 0 3.4 0" />
    </Icon>
  ),
  audit: (
    <Icon>
      <path d="M9 3h6a1 1 0 0 1 1 1v1H8V4a1 1 0 0 1 1-1Z" />
      <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2" />
      <path d="M8 11h8M8 15h8M8 19h5" />
    </Icon>
  ),
  tools: (
    <Icon>
      <path d="M14.7 6.3a4 4 0 0 0-5.4 5.1L3 17.7V21h3.3l6.3-6.3a4 4 0 0 0 5.1-5.4l-2.5 2.5-2.4-.6-.6-2.4Z" />
    </Icon>
  ),
} satisfies Record<string, React.ReactElement>;
