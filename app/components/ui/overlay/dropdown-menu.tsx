import type { ComponentProps } from "react";
import { DropdownMenu as DropdownMenuPrimitive } from "radix-ui";

/** Distance in px between a dropdown menu and its trigger (the specification's widget default: 4 px). */
export const DROPDOWN_MENU_SIDE_OFFSET = 4;

export const DropdownMenu = DropdownMenuPrimitive.Root;
export const DropdownMenuTrigger = DropdownMenuPrimitive.Trigger;
export const DropdownMenuGroup = DropdownMenuPrimitive.Group;
export const DropdownMenuLabel = DropdownMenuPrimitive.Label;
export const DropdownMenuSeparator = DropdownMenuPrimitive.Separator;

export type DropdownMenuContentProps = ComponentProps<typeof DropdownMenuPrimitive.Content>;

/**
 * The menu panel (Radix: arrow keys move between items, typeahead, Esc closes and returns focus),
 * portalled and placed `DROPDOWN_MENU_SIDE_OFFSET` px from its trigger.
 */
export function DropdownMenuContent({ className, sideOffset = DROPDOWN_MENU_SIDE_OFFSET, align = "start", ...props }: DropdownMenuContentProps) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={className ? `dropdown-menu ${className}` : "dropdown-menu"}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export type DropdownMenuItemProps = ComponentProps<typeof DropdownMenuPrimitive.Item>;

export function DropdownMenuItem({ className, ...props }: DropdownMenuItemProps) {
  return (
    <DropdownMenuPrimitive.Item
      className={className ? `dropdown-menu__item ${className}` : "dropdown-menu__item"}
      {...props}
    />
  );
}
