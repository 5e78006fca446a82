import { Form, NavLink } from "react-router";
import { Tooltip, TooltipContent, TooltipTrigger } from "~/components/ui/tooltip";
import { cn } from "~/utils/cn";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { ADMIN_NAV } from "./nav-items";
import { useAdminMe } from "./admin-role";

// The link's look is the `nav-item` component class (app.css): the nav is drawn
// twice per admin page (sidebar and phone menu), so its classes are short.
const itemClass = (collapsed: boolean) => (collapsed ? "nav-item nav-item-collapsed" : "nav-item");

/**
 * The eleven admin links and Logout. `collapsed` shows icons only (the label
 * stays for screen readers) with a tooltip; `withTooltips` needs JavaScript.
 */
export function SidebarNav({
  collapsed = false,
  withTooltips = false,
  onNavigate,
}: {
  collapsed?: boolean;
  withTooltips?: boolean;
  onNavigate?: () => void;
}) {
  const { role } = useAdminMe();
  return (
    <ul className="flex flex-col gap-1">
      {ADMIN_NAV.filter((item) => role === "owner" || !item.ownerOnly).map(({ label, to, icon }) => {
        const link = (
          <NavLink
            to={to}
            prefetch="intent"
            onClick={onNavigate}
            // Without JavaScript there is no tooltip: the browser's title names the icon.
            title={collapsed && !withTooltips ? label : undefined}
            className={itemClass(collapsed)}
          >
            <SpriteIcon name={icon} />
            <span className={cn("truncate", collapsed && "sr-only")}>{label}</span>
          </NavLink>
        );
        return (
          <li key={to}>
            {collapsed && withTooltips ? (
              <Tooltip delayDuration={0}>
                <TooltipTrigger asChild>{link}</TooltipTrigger>
                <TooltipContent side="right">{label}</TooltipContent>
              </Tooltip>
            ) : (
              link
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Logout is a POST (no sign-out on a stray GET or a prefetch). */
export function LogoutButton({ collapsed = false, withTooltip = false }: { collapsed?: boolean; withTooltip?: boolean }) {
  const button = (
    <button type="submit" className={itemClass(collapsed)}>
      <SpriteIcon name="log-out" />
      <span className={cn(collapsed && "sr-only")}>Logout</span>
    </button>
  );
  return (
    <Form method="post" action="/admin/logout" data-any-role="">
      {collapsed && withTooltip ? (
        <Tooltip delayDuration={0}>
          <TooltipTrigger asChild>{button}</TooltipTrigger>
          <TooltipContent side="right">Logout</TooltipContent>
        </Tooltip>
      ) : (
        button
      )}
    </Form>
  );
}

export function SidebarBrand({ collapsed = false }: { collapsed?: boolean }) {
  if (collapsed) {
    return (
      <span className="mx-auto flex size-8 items-center justify-center rounded-md bg-primary text-sm font-bold text-primary-foreground">
        40<span className="sr-only"> Party Admin, 40th Birthday</span>
      </span>
    );
  }
  return (
    <div className="flex items-center gap-3">
      <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-sm font-bold text-primary-foreground">
        40
      </span>
      <div className="min-w-0 leading-tight">
        <p className="truncate text-sm font-semibold">Party Admin</p>
        <p className="truncate text-xs text-muted-foreground">40th Birthday</p>
      </div>
    </div>
  );
}
