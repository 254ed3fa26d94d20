import { Link } from "~/components/ui/link.tsx";
import { avatarColour, avatarLetter } from "~/lib/avatar-style.ts";

type AvatarSize = "sm" | "md" | "lg";
// .avatar is the md size (app.css).
const SIZES: Record<AvatarSize, string> = { sm: "sm ", md: "", lg: "lg " };
const avatarClass = (name: string, size: AvatarSize) => `avatar ${SIZES[size]}${avatarColour(name)}`;

export function Avatar({ name, size = "md" }: { name: string; size?: AvatarSize }) {
  return (
    <span aria-hidden="true" className={avatarClass(name, size)}>
      {avatarLetter(name)}
    </span>
  );
}

/**
 * The avatar as a link of its own beside the name's link to the same place: out of the tab order and
 * hidden from screen readers (the name says it), one element instead of a link around a <span>.
 */
export function AvatarLink({ name, to, size = "md" }: { name: string; to: string; size?: AvatarSize }) {
  return (
    <Link to={to} tabIndex={-1} aria-hidden="true" className={avatarClass(name, size)}>
      {avatarLetter(name)}
    </Link>
  );
}
