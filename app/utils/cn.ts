import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (clsx). It does not resolve Tailwind conflicts: the
 * tailwind-merge runtime cost every guest page about 8.5 KB of gzipped
 * JavaScript (issue 16). Components keep their base look in app.css's
 * components layer (`.btn`, `.control`, `.label`...), so a caller's utilities
 * override it whatever their order; two conflicting utilities in one call are
 * a bug (both apply, and the stylesheet's order decides), so pass one.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
