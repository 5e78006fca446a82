import { SpriteIcon } from "~/components/ui/sprite-icon";
import { useCallback, useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { useHydrated } from "~/utils/hydrated";
import { cn } from "~/utils/cn";
import { SIDEBAR_SHORTCUT, sidebarCookie } from "./sidebar-state";
import { LogoutButton, SidebarBrand, SidebarNav } from "./sidebar-nav";
import { useAdminMe } from "./admin-role";

const MOBILE_QUERY = "(max-width: 767px)";

/**
 * The admin frame of SPEC.md 2: a sidebar that collapses to icons on desktop
 * (16rem / 3rem) and becomes a sheet under 768px (18rem). `initialOpen` comes
 * from the sidebar_state cookie, read by the server, so the first paint is right.
 */
export function AdminShell({ initialOpen, children }: { initialOpen: boolean; children: React.ReactNode }) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const [open, setOpen] = useState(initialOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setDesktop = useCallback((next: boolean) => {
    setOpen(next);
    document.cookie = sidebarCookie(next);
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) setOpenMobile((v) => !v);
    else setDesktop(!open);
  }, [open, setDesktop]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SIDEBAR_SHORTCUT && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);

  // The sheet closes when a link in it is followed.
  useEffect(() => setOpenMobile(false), [location.pathname]);

  // Issue 27: a viewer's write controls are hidden by app.css ([data-admin-role="viewer"]); dialogs render
  // in a portal under <body>, so the role is also set on <html> once JavaScript runs.
  const { role } = useAdminMe();
  useEffect(() => {
    document.documentElement.dataset.adminRole = role;
    return () => void delete document.documentElement.dataset.adminRole;
  }, [role]);

  const collapsed = !open;
  const redirectTo = location.pathname + location.search;

  return (
    <div data-admin-role={role} className="flex min-h-svh bg-muted/40 print:block print:bg-white">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px] focus:ring-ring/50"
      >
        Skip to content
      </a>

      <aside
        id="admin-sidebar"
        aria-label="Admin menu"
        data-state={collapsed ? "collapsed" : "expanded"}
        className={cn(
          "sticky top-0 hidden h-svh shrink-0 flex-col border-r bg-background transition-[width] duration-200 ease-linear motion-reduce:transition-none md:flex print:hidden",
          collapsed ? "w-12" : "w-64",
        )}
      >
        <div className={cn("flex h-14 items-center border-b", collapsed ? "px-2" : "px-3")}>
          <SidebarBrand collapsed={collapsed} />
        </div>
        <nav aria-label="Admin" className={cn("flex-1 overflow-y-auto py-3", collapsed ? "px-1.5" : "px-2")}>
          <SidebarNav collapsed={collapsed} withTooltips={hydrated} />
        </nav>
        <div className={cn("border-t py-3", collapsed ? "px-1.5" : "px-2")}>
          <LogoutButton collapsed={collapsed} withTooltip={hydrated} />
        </div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur print:hidden">
          {/* Desktop: collapse / expand. Without JavaScript the form sets the cookie on the server. */}
          <form
            method="post"
            action="/admin/sidebar"
            data-any-role=""
            className="hidden md:block"
            onSubmit={(event) => {
              event.preventDefault();
              setDesktop(!open);
            }}
          >
            <input type="hidden" name="open" value={String(!open)} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button
              type="submit"
              aria-controls="admin-sidebar"
              aria-expanded={open}
              title={hydrated ? "Toggle Sidebar (Ctrl+B)" : undefined}
              className="inline-flex size-9 items-center justify-center rounded-md text-foreground/80 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <SpriteIcon name="panel-left" className="size-4" />
              <span className="sr-only">Toggle Sidebar</span>
            </button>
          </form>

          {/* Mobile: a sheet with JavaScript, a disclosure without. */}
          <div className="md:hidden">
            {hydrated ? (
              <Sheet open={openMobile} onOpenChange={setOpenMobile}>
                <SheetTrigger asChild>
                  <button
                    type="button"
                    className="inline-flex size-11 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <SpriteIcon name="menu" className="size-5" />
                    <span className="sr-only">Toggle Sidebar</span>
                  </button>
                </SheetTrigger>
                <SheetContent side="left" className="w-72 max-w-72 gap-0 p-0 sm:max-w-72">
                  <SheetHeader className="border-b">
                    <SheetTitle className="font-sans text-base">Party Admin</SheetTitle>
                    <SheetDescription>40th Birthday</SheetDescription>
                  </SheetHeader>
                  <nav aria-label="Admin" className="flex-1 overflow-y-auto p-2">
                    <SidebarNav onNavigate={() => setOpenMobile(false)} />
                  </nav>
                  <div className="border-t p-2">
                    <LogoutButton />
                  </div>
                </SheetContent>
              </Sheet>
            ) : (
              <details className="group">
                <summary className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
                  <SpriteIcon name="menu" className="size-5" />
                  <span className="sr-only">Toggle Sidebar</span>
                </summary>
                <div className="absolute inset-x-0 top-14 z-40 max-h-[calc(100svh-3.5rem)] w-72 overflow-y-auto border-r border-b bg-background p-2 shadow-lg">
                  <nav aria-label="Admin">
                    <SidebarNav />
                  </nav>
                  <div className="mt-2 border-t pt-2">
                    <LogoutButton />
                  </div>
                </div>
              </details>
            )}
          </div>
          <p className="text-base font-semibold md:hidden">Party Admin</p>
          {navigation.state !== "idle" ? (
            <p role="status" className="ml-auto text-sm text-muted-foreground">
              Loading...
            </p>
          ) : null}
        </header>

        <main id="admin-main" tabIndex={-1} className="flex-1 px-4 pt-6 pb-28 outline-none md:px-6 lg:px-8 print:p-0">
          <div className="mx-auto w-full max-w-6xl">
            {role === "viewer" ? (
              <p className="mb-4 rounded-md border bg-background px-3 py-2 text-sm text-muted-foreground print:hidden">
                You are signed in as a viewer: you can read every page and list, and change nothing.
              </p>
            ) : null}
            {children}
          </div>
        </main>
      </div>
    </div>
  );
}
