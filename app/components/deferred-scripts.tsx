import { Children, cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

const BOOT_ID = "rr-boot";

/** A picture that never finishes on a flaky connection must not keep React away for good. */
const STALL_MS = 4000;

/*
 * Runs in the page as soon as it is parsed. Once the page has loaded (its
 * fonts and its pictures) and has been painted, or STALL_MS after it was
 * parsed, whichever comes first, it asks for the route modules and starts
 * React. Until then every form works as plain HTML.
 *
 * "Painted" (issue 28): on a fast connection `load` fired before the first
 * paint (fonts still swapping in), so the ~110 KB of modules were asked for
 * before it, and Lighthouse's slow-4G model counted them on the way to the
 * first and largest paint (FCP 1.1-1.6 s, LCP 1.6-2.4 s from run to run).
 * The boot now also waits for the browser's first-contentful-paint entry,
 * where the browser reports paints; where it does not, `load` is enough.
 */
const BOOT = `(function(){var n=document.currentScript&&document.currentScript.nonce;function b(){var s=document.getElementById(${JSON.stringify(BOOT_ID)});if(!s||s.dataset.started)return;s.dataset.started="1";(s.dataset.preload||"").split(" ").forEach(function(h){if(!h)return;var l=document.createElement("link");l.rel="modulepreload";l.href=(s.dataset.base||"")+h;document.head.appendChild(l)});var m=document.createElement("script");m.type="module";if(n)m.nonce=n;m.textContent=s.textContent;document.head.appendChild(m)}function p(f){var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes;if(!t||t.indexOf("paint")<0||performance.getEntriesByName("first-contentful-paint").length)return f();var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();f()}});o.observe({type:"paint",buffered:true})}function a(){p(function(){setTimeout(b,0)})}if(document.readyState==="complete")a();else{addEventListener("load",a,{once:true});setTimeout(b,${STALL_MS})}})()`;

/** The preload list as two attributes: the folder all its hrefs share, and their names. */
export function preloadAttributes(hrefs: string[]) {
  const base = hrefs.length && hrefs.every((h) => h.startsWith("/assets/") && !h.includes(" ")) ? "/assets/" : "";
  return { "data-base": base || undefined, "data-preload": hrefs.map((h) => (base ? h.slice(base.length) : encodeURI(h))).join(" ") };
}

const MANIFEST_START = "window.__reactRouterManifest = ";

/**
 * React Router writes its route manifest into the boot module as indented
 * JSON: 1.2 KB of spaces and line breaks on every page, on admin lists
 * already near their 100 KB budget. The same object, written compactly.
 * The manifest ends at the first "};" followed by a line break, since its
 * values are file paths and ids; anything unexpected leaves the text as it was.
 */
export function compactManifest(module: string) {
  const start = module.indexOf(MANIFEST_START);
  if (start < 0) return module;
  const from = start + MANIFEST_START.length;
  const end = module.indexOf("};\n", from);
  if (end < 0) return module;
  try {
    // Escaped as React Router escapes it: no value may close the <script>.
    const json = JSON.stringify(JSON.parse(module.slice(from, end + 1))).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    return module.slice(0, from) + json + module.slice(end + 1);
  } catch {
    return module;
  }
}

type ElementProps = { children?: ReactNode; type?: string; href?: string; dangerouslySetInnerHTML?: { __html: string } };

/**
 * React Router's <Scripts>, started after the page has loaded rather than
 * during its first paint (docs/decisions/043-hydrate-after-load.md).
 *
 * <Scripts> emits ~35 <link rel="modulepreload"> (React hoists them into
 * <head>, at high priority) and an inline module that imports every route
 * module. On a slow phone they compete with the stylesheet, the font and the
 * hero picture, and Lighthouse put /rsvp's first paint at 3.1 s against the
 * landing page's 1.1 s (which ships no JavaScript). Here the preloads are
 * held back and the module is kept as inert text; BOOT adds both once the
 * page has loaded. The context script and the streamed loader data stay as
 * they are, so hydration finds everything it needs.
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  // Scripts is a function component that uses hooks: calling it here, on
  // every render, is calling those hooks from this component, in the same order.
  const rendered = Scripts({ nonce });
  if (!rendered) return null; // after hydration <Scripts> renders nothing either
  const preload: string[] = [];
  const kept: ReactNode[] = [];
  const walk = (node: ReactNode) =>
    Children.forEach(node, (child) => {
      if (!isValidElement<ElementProps>(child)) return;
      if (child.type === Fragment) return walk(child.props.children);
      if (child.type === "link") {
        if (child.props.href) preload.push(child.props.href);
        return;
      }
      if (child.type === "script" && child.props.type === "module") {
        kept.push(
          cloneElement(child as ReactElement<Record<string, unknown>>, {
            key: BOOT_ID,
            id: BOOT_ID,
            type: "text/x-deferred-module",
            async: undefined,
            // ~40 hashed file names: space-separated after their common folder, not a JSON
            // array of full paths (which, HTML-escaped, cost ~6 KB a page: issue 16).
            ...preloadAttributes(preload),
            ...(child.props.dangerouslySetInnerHTML && {
              dangerouslySetInnerHTML: { __html: compactManifest(child.props.dangerouslySetInnerHTML.__html) },
            }),
          }),
        );
        return;
      }
      kept.push(cloneElement(child, { key: `script-${kept.length}` }));
    });
  walk(rendered);
  return (
    <>
      {kept}
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: BOOT }} />
    </>
  );
}
