import {
  DragDropContext,
  Draggable,
  type DraggableLocation,
  type DraggableProvidedDragHandleProps,
  Droppable,
  type DropResult,
} from "@hello-pangea/dnd";
import { GripVertical } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#client/lib/cn.js";

export interface SortableAreaProps {
  /** What was picked up, as spoken ("module", "the question"), by the type of its list. */
  pickedUp: (type: string) => string;
  /** Spoken after a drop or a cancel, in the screen's own words; without it, the drag library's. */
  dropAnnouncement?: (result: DropResult) => string;
  /** An item was dropped somewhere else than where it started (not called for a cancel). */
  onMove: (source: DraggableLocation, destination: DraggableLocation, type: string) => void;
  children: ReactNode;
}

/**
 * Where sortable lists live (one or several, nested by type): by mouse or touch on a handle, or by keyboard
 * (Space, the arrow keys, Space again, Escape to cancel), each step spoken to screen-reader users.
 */
export function SortableArea({ pickedUp, dropAnnouncement, onMove, children }: SortableAreaProps) {
  return (
    <DragDropContext
      onDragStart={(start, provided) =>
        provided.announce(
          `Picked up ${pickedUp(start.type)}. Use the arrow keys to move it, Space to drop, Escape to cancel.`,
        )
      }
      onDragEnd={(result, provided) => {
        if (dropAnnouncement) provided.announce(dropAnnouncement(result));
        const { source, destination } = result;
        if (!destination) return;
        if (source.droppableId === destination.droppableId && source.index === destination.index) return;
        onMove(source, destination, result.type);
      }}
    >
      {children}
    </DragDropContext>
  );
}

/** What a sortable item's content needs: the handle to drag it by, and whether it is being dragged. */
interface SortableItemState {
  handleProps: DraggableProvidedDragHandleProps | null;
  isDragging: boolean;
}

export interface SortableListProps<Item> {
  /** Unique within the SortableArea; an item dropped on another list names it in `onMove`. */
  listId: string;
  /** Items move only between lists of the same type. */
  type?: string;
  label: string;
  items: readonly Item[];
  /** Unique within the SortableArea and stable across reorders. */
  itemId: (item: Item) => string;
  className?: string;
  /** Added to the list while an item is dragged over it. */
  draggingOverClassName?: string;
  /** Spacing between items must be a margin, not a gap: the drag library measures margins to make room. */
  itemClassName?: string;
  /** Added to the item while it is dragged. */
  draggingClassName?: string;
  /** An <li> shown when the list has no items and none is dragged over it. */
  empty?: ReactNode;
  children: (item: Item, index: number, state: SortableItemState) => ReactNode;
}

/** An ordered list whose items are dragged by their handle, inside a SortableArea. */
export function SortableList<Item>({
  listId,
  type,
  label,
  items,
  itemId,
  className,
  draggingOverClassName,
  itemClassName,
  draggingClassName,
  empty,
  children,
}: SortableListProps<Item>) {
  return (
    <Droppable droppableId={listId} type={type}>
      {(provided, snapshot) => (
        <ol
          ref={provided.innerRef}
          {...provided.droppableProps}
          aria-label={label}
          className={cn(className, snapshot.isDraggingOver && draggingOverClassName)}
        >
          {items.map((item, index) => (
            <Draggable key={itemId(item)} draggableId={itemId(item)} index={index}>
              {(dragProvided, dragSnapshot) => (
                <li
                  ref={dragProvided.innerRef}
                  {...dragProvided.draggableProps}
                  className={cn(itemClassName, dragSnapshot.isDragging && draggingClassName)}
                >
                  {children(item, index, {
                    handleProps: dragProvided.dragHandleProps,
                    isDragging: dragSnapshot.isDragging,
                  })}
                </li>
              )}
            </Draggable>
          ))}
          {provided.placeholder}
          {items.length === 0 && !snapshot.isDraggingOver && empty}
        </ol>
      )}
    </Droppable>
  );
}

const HANDLE_SIZES = {
  sm: { box: "size-8", icon: "size-4" },
  md: { box: "size-8", icon: "size-5" },
  lg: { box: "size-9", icon: "size-5" },
} as const;

export interface DragHandleProps {
  handleProps: DraggableProvidedDragHandleProps | null;
  /** Names the item: "Reorder lesson Safety". */
  label: string;
  size: keyof typeof HANDLE_SIZES;
}

/** The grip an item is dragged by; focusable, so Space lifts it for moving by keyboard. */
export function DragHandle({ handleProps, label, size }: DragHandleProps) {
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: handleProps give it role="button" and tabIndex 0
    <div
      {...handleProps}
      aria-label={label}
      className={cn(
        "flex shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100",
        "hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 active:cursor-grabbing",
        HANDLE_SIZES[size].box,
      )}
    >
      <GripVertical className={HANDLE_SIZES[size].icon} aria-hidden="true" />
    </div>
  );
}
