import type { SVGProps } from "react";
import spriteUrl from "~/assets/guest-icons.svg?no-inline";

/*
 * The guest pages' icons (lucide's drawings, ISC licence), from one SVG sprite
 * that scripts/icon-sprite.mjs writes (GUEST_ICONS), served as a hashed asset
 * cached for a year and referenced with `<use href>` (issue 28). Drawn inline
 * before, they were ~10 KB of every My RSVP page's HTML and 2 KB of the guest
 * pages' JavaScript. Not lucide-react either: there every icon is a module the
 * admin pages share, each a request of its own on a guest page (issue 16).
 * Same outer markup as lucide's: 24-unit box, class "lucide lucide-<name>".
 */
export type IconProps = SVGProps<SVGSVGElement>;

function icon({ className, ...props }: IconProps, name: string) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
      {...props}
    >
      <use href={`${spriteUrl}#i-${name}`} />
    </svg>
  );
}

export const ArrowLeftIcon = (p: IconProps) => icon(p, "arrow-left");
export const BanknoteIcon = (p: IconProps) => icon(p, "banknote");
export const BedDoubleIcon = (p: IconProps) => icon(p, "bed-double");
export const CalendarClockIcon = (p: IconProps) => icon(p, "calendar-clock");
export const CalendarDaysIcon = (p: IconProps) => icon(p, "calendar-days");
export const CalendarPlusIcon = (p: IconProps) => icon(p, "calendar-plus");
export const CheckCircle2Icon = (p: IconProps) => icon(p, "circle-check");
export const CheckIcon = (p: IconProps) => icon(p, "check");
export const ChevronDownIcon = (p: IconProps) => icon(p, "chevron-down");
export const ChevronLeftIcon = (p: IconProps) => icon(p, "chevron-left");
export const ChevronRightIcon = (p: IconProps) => icon(p, "chevron-right");
export const CircleDashedIcon = (p: IconProps) => icon(p, "circle-dashed");
export const ClockIcon = (p: IconProps) => icon(p, "clock");
export const CreditCardIcon = (p: IconProps) => icon(p, "credit-card");
export const ExternalLinkIcon = (p: IconProps) => icon(p, "external-link");
export const HeartIcon = (p: IconProps) => icon(p, "heart");
export const HomeIcon = (p: IconProps) => icon(p, "house");
export const HotelIcon = (p: IconProps) => icon(p, "hotel");
export const InfoIcon = (p: IconProps) => icon(p, "info");
export const KeyRoundIcon = (p: IconProps) => icon(p, "key-round");
export const LandmarkIcon = (p: IconProps) => icon(p, "landmark");
export const LockIcon = (p: IconProps) => icon(p, "lock");
export const LogOutIcon = (p: IconProps) => icon(p, "log-out");
export const MailCheckIcon = (p: IconProps) => icon(p, "mail-check");
export const MailIcon = (p: IconProps) => icon(p, "mail");
export const PencilIcon = (p: IconProps) => icon(p, "pencil");
export const PhoneIcon = (p: IconProps) => icon(p, "phone");
export const RefreshCwIcon = (p: IconProps) => icon(p, "refresh-cw");
export const RotateCcwIcon = (p: IconProps) => icon(p, "rotate-ccw");
export const SaveIcon = (p: IconProps) => icon(p, "save");
export const SendIcon = (p: IconProps) => icon(p, "send");
export const SmartphoneIcon = (p: IconProps) => icon(p, "smartphone");
export const SparklesIcon = (p: IconProps) => icon(p, "sparkles");
export const Trash2Icon = (p: IconProps) => icon(p, "trash");
export const TriangleAlertIcon = (p: IconProps) => icon(p, "triangle-exclamation-point");
export const UserPlusIcon = (p: IconProps) => icon(p, "user-plus");
export const XCircleIcon = (p: IconProps) => icon(p, "circle-x");
export const XIcon = (p: IconProps) => icon(p, "x");
