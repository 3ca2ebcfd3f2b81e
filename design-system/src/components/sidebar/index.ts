export type { SidebarItem, SidebarLabels, SidebarLinkProps, SidebarProps } from './sidebar';
export { Sidebar, sidebarIcons } from './sidebar';
