import { avatarColour, avatarLetter } from "~/lib/avatar.ts";

export function Avatar({ name, size = "md" }: { name: string; size?: "sm" | "md" | "lg" }) {
  const sizes = { sm: "h-7 w-7 text-xs", md: "h-9 w-9 text-sm", lg: "h-20 w-20 text-3xl" };
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white ${sizes[size]} ${avatarColour(name)}`}
    >
      {avatarLetter(name)}
    </span>
  );
}
