import { avatarColour, avatarLetter } from "~/lib/avatar.ts";

export function Avatar({ name, size = "md" }: { name: string; size?: "sm" | "md" | "lg" }) {
  // .avatar is the md size (app.css).
  const sizes = { sm: "sm ", md: "", lg: "lg " };
  return (
    <span
      aria-hidden="true"
      className={`avatar ${sizes[size]}${avatarColour(name)}`}
    >
      {avatarLetter(name)}
    </span>
  );
}
