import type { ComponentProps } from "react";
import { Popover as PopoverPrimitive } from "radix-ui";

/** Distance in px between a popover and its trigger (the specification's widget default: 3 px). */
export const POPOVER_SIDE_OFFSET = 3;

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverAnchor = PopoverPrimitive.Anchor;
export const PopoverClose = PopoverPrimitive.Close;

export type PopoverContentProps = ComponentProps<typeof PopoverPrimitive.Content>;

/**
 * The floating panel of a popover (Radix: Esc and an outside click close it, focus returns to the
 * trigger), portalled to the body and placed `POPOVER_SIDE_OFFSET` px from its trigger.
 */
export function PopoverContent({ className, sideOffset = POPOVER_SIDE_OFFSET, align = "start", ...props }: PopoverContentProps) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        sideOffset={sideOffset}
        align={align}
        collisionPadding={8}
        className={className ? `popover ${className}` : "popover"}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
