import { useLocation } from "react-router";
import { useLang, useT } from "~/i18n";
import { cn } from "~/utils/cn";

/** A plain POST form (works without JavaScript); the choice is kept in a cookie. */
export function LanguageSwitch({ className, tone = "light" }: { className?: string; tone?: "light" | "dark" }) {
  const lang = useLang();
  const t = useT().common;
  const location = useLocation();
  const redirectTo = location.pathname + location.search + location.hash;
  const options = [
    { value: "en", label: "EN", name: t.english },
    { value: "pt", label: "PT", name: t.portuguese },
  ] as const;
  return (
    <form method="post" action="/lang" className={cn("flex items-center gap-1", className)} aria-label={t.language}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {options.map((o) => (
        <button
          key={o.value}
          type="submit"
          name="lang"
          value={o.value}
          lang={o.value}
          aria-pressed={lang === o.value}
          className={cn(
            "min-h-11 min-w-11 rounded-md px-2 text-sm font-semibold tracking-wide transition-colors focus-visible:ring-4 focus-visible:outline-none",
            tone === "light"
              ? "text-white/85 hover:bg-white/15 focus-visible:ring-white/60 aria-pressed:bg-white/20 aria-pressed:text-white"
              : "text-ink/75 hover:bg-ink/5 focus-visible:ring-wine/40 aria-pressed:bg-wine aria-pressed:text-white",
          )}
        >
          {o.label}
          <span className="sr-only"> {o.name}</span>
        </button>
      ))}
    </form>
  );
}
