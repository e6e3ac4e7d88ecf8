import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { homeCard, type HomeCardEntry, type HomeCardId } from '@fitbase/domain/home-cards';
import { ArrowDown, ArrowUp, GripVertical, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

const titleOf = (id: UniqueIdentifier) => homeCard(id as HomeCardId).title;

/** What a screen reader hears while a card is carried with the keyboard or a pointer. */
const announcements = (cards: readonly HomeCardId[]): Announcements => {
  const position = (id: UniqueIdentifier | undefined) =>
    id === undefined ? 0 : cards.indexOf(id as HomeCardId) + 1;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${titleOf(active.id)}, position ${position(active.id)} of ${cards.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} moved to position ${position(over.id)} of ${cards.length}.`
        : `${titleOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${titleOf(active.id)} dropped at position ${position(over.id)} of ${cards.length}.`
        : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };
};

const INSTRUCTIONS =
  'To move a card, focus its handle and press Space. Use the up and down arrow keys to move it, Space again to drop it, or Escape to cancel.';

function ChosenCard({
  id,
  index,
  total,
  onMove,
  onRemove,
}: {
  id: HomeCardId;
  index: number;
  total: number;
  onMove: (from: number, to: number) => void;
  onRemove: (id: HomeCardId) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const title = homeCard(id).title;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex items-center gap-2 rounded-md border bg-background p-2',
        isDragging && 'relative z-10 shadow-md',
      )}
      data-sortable-index={index}
    >
      <button
        type="button"
        className="cursor-grab touch-none rounded-sm p-1 text-muted-foreground outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${title}`}
      >
        <GripVertical className="size-4" aria-hidden />
      </button>
      <span className="flex-1 text-sm font-medium">{title}</span>
      {/* Buttons as well as dragging: moving a card never needs a drag (WCAG 2.5.7). */}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Move ${title} up`}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Move ${title} down`}
        disabled={index === total - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown aria-hidden />
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Remove ${title}`}
        onClick={() => onRemove(id)}
      >
        <X aria-hidden />
      </Button>
    </li>
  );
}

/**
 * Customize (docs/product/dashboards.md#cards-you-choose): the person's cards in order, to
 * reorder by dragging (pointer, or keyboard: Space and the arrow keys on a handle) or with the
 * up and down buttons, remove, and add from the cards their role may see. Save stores the
 * choice for this person in this studio; Reset goes back to the default cards.
 */
export function CustomizeCardsDialog({
  open,
  onOpenChange,
  cards,
  catalog,
  customized,
  saving,
  onSave,
  onReset,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cards: readonly HomeCardId[];
  /** The cards this person's role may choose, in catalog order. */
  catalog: readonly HomeCardEntry[];
  customized: boolean;
  saving: boolean;
  onSave: (cards: HomeCardId[]) => void;
  onReset: () => void;
}) {
  const [draft, setDraft] = useState<HomeCardId[]>([...cards]);
  const [wasOpen, setWasOpen] = useState(open);
  // Each opening starts from the saved cards.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft([...cards]);
  }
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => setDraft((d) => arrayMove(d, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setDraft((d) =>
      arrayMove(d, d.indexOf(active.id as HomeCardId), d.indexOf(over.id as HomeCardId)),
    );
  };
  const available = catalog.filter((c) => !draft.includes(c.id));
  const changed = draft.join() !== cards.join();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Customize dashboard</DialogTitle>
          <DialogDescription>
            Choose the cards on your dashboard and their order. Only you see this choice.
          </DialogDescription>
        </DialogHeader>

        <section aria-labelledby="your-cards" className="space-y-2">
          <h3 id="your-cards" className="text-sm font-semibold">
            Your cards
          </h3>
          {draft.length === 0 ? (
            <p className="text-sm text-muted-foreground">No cards. Add some below.</p>
          ) : (
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{
                announcements: announcements(draft),
                screenReaderInstructions: { draggable: INSTRUCTIONS },
              }}
            >
              <SortableContext items={draft} strategy={verticalListSortingStrategy}>
                <ul aria-label="Your cards" className="space-y-2">
                  {draft.map((id, index) => (
                    <ChosenCard
                      key={id}
                      id={id}
                      index={index}
                      total={draft.length}
                      onMove={move}
                      onRemove={(gone) => setDraft((d) => d.filter((c) => c !== gone))}
                    />
                  ))}
                </ul>
              </SortableContext>
            </DndContext>
          )}
        </section>

        <section aria-labelledby="more-cards" className="space-y-2">
          <h3 id="more-cards" className="text-sm font-semibold">
            Add a card
          </h3>
          {available.length === 0 ? (
            <p className="text-sm text-muted-foreground">Every card is on your dashboard.</p>
          ) : (
            <ul aria-label="Cards to add" className="space-y-2">
              {available.map((card) => (
                <li key={card.id} className="flex items-start gap-2 rounded-md border p-2">
                  <div className="flex-1">
                    <p className="text-sm font-medium">{card.title}</p>
                    <p className="text-xs text-muted-foreground">{card.definition}</p>
                  </div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Add ${card.title}`}
                    onClick={() => setDraft((d) => [...d, card.id])}
                  >
                    <Plus aria-hidden /> Add
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <DialogFooter className="gap-2 sm:justify-between">
          <Button
            type="button"
            variant="ghost"
            disabled={saving || (!customized && !changed)}
            onClick={onReset}
          >
            Reset
          </Button>
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="button" disabled={saving || !changed} onClick={() => onSave(draft)}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
