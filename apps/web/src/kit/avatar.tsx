import { Avatar, type AvatarProps, Group, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** Up to two initials of a person ("Ana López" → "AL"), else the first letter of a fallback (an e-mail). */
export function initials(name: string, fallback = ""): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join("");
  return (letters || fallback.charAt(0)).toUpperCase();
}

type Props = Omit<AvatarProps, "children" | "src" | "alt"> & {
  src: string | null | undefined;
  /** The person or thing pictured: gives the initials when there is no picture. */
  name: string;
  /**
   * Text alternative when the picture is content (a detail page). Without it the avatar is decorative and hidden
   * from assistive technology, because the name is written next to it.
   */
  alt?: string;
};

/** A picture from a URL with the initials of `name` as fallback. */
export function PictureAvatar({ src, name, alt, ...props }: Props) {
  return (
    <Avatar
      src={src || null}
      alt={alt ?? ""}
      color="indigo"
      radius="xl"
      aria-hidden={alt ? undefined : true}
      {...props}
    >
      {initials(name)}
    </Avatar>
  );
}

/** An avatar followed by a label, for list cells. */
export function AvatarLabel({
  src,
  name,
  children,
  radius = "xl",
}: {
  src: string | null | undefined;
  name: string;
  children?: ReactNode;
  /** Round for people (default), "sm" for icons and pictures of things. */
  radius?: AvatarProps["radius"];
}) {
  return (
    <Group gap="sm" wrap="nowrap" component="span">
      <PictureAvatar src={src} name={name} size={30} radius={radius} />
      <Text span inherit>
        {children ?? name}
      </Text>
    </Group>
  );
}
