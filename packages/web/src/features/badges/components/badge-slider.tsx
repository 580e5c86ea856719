import { type Badge, HOME_BADGES_SHOWN } from '@ecofoyer/contracts';
import { ActionIcon, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { pageStart, wheelScroll } from '../slider-scroll.ts';
import classes from './badge-slider.module.css';

/**
 * product §2/§9: the badges, 4 visible and the rest by scrolling: the mouse wheel
 * scrolls it sideways (the page goes on scrolling once an end is reached), buttons page through it
 * on a desktop, and a fade on the side that has more says so. Each badge is a link, so Tab walks
 * through them and brings each into view.
 */
export function BadgeSlider({ badges }: { badges: Badge[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: true, end: true });
  const update = useCallback(() => {
    const el = scroller.current;
    if (el) setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the badges change.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    update();
    // Not passive: it must keep the page still while the slider takes the wheel (wheelScroll
    // leaves the event alone at either end and for sideways gestures).
    const onWheel = (e: WheelEvent) => {
      const next = wheelScroll(el.scrollLeft, el.scrollWidth - el.clientWidth, e);
      if (next === null) return;
      e.preventDefault();
      // By, not to: where scroll snapping is on (touch screens), Chromium snaps a relative scroll
      // forward to the next badge but an absolute one back to the nearest.
      el.scrollBy({ left: next - el.scrollLeft, behavior: 'instant' });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(el);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [update, badges]);

  const page = (direction: 1 | -1) => {
    const el = scroller.current;
    const [first, second] = Array.from(el?.querySelectorAll<HTMLElement>(`.${classes.badge}`) ?? []);
    if (!el || !first) return;
    const step = second ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
    const gap = step - first.offsetWidth;
    const perPage = Math.max(1, Math.floor((el.clientWidth + gap + 1) / step));
    const left = pageStart(el.scrollLeft, direction, { step, perPage, max: el.scrollWidth - el.clientWidth });
    el.scrollTo({ left, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };
  const scrollable = !(edges.start && edges.end);

  return (
    <div className={classes.frame} style={{ '--badges-shown': HOME_BADGES_SHOWN } as CSSProperties}>
      {scrollable && (
        <ActionIcon
          variant="default"
          radius="xl"
          size={44}
          className={classes.previous}
          visibleFrom="sm"
          aria-label="Badges précédents"
          disabled={edges.start}
          onClick={() => page(-1)}
        >
          <IconChevronLeft size={20} />
        </ActionIcon>
      )}
      {/* A native scroller (not Mantine's ScrollArea, which brings floating-ui into the shell's JS). */}
      <div
        ref={scroller}
        className={classes.scroller}
        data-more-start={!edges.start || undefined}
        data-more-end={!edges.end || undefined}
        data-testid="badge-slider"
      >
        <Group wrap="nowrap" gap="sm" className={classes.slider}>
          {badges.map((b) => (
            <UnstyledButton
              key={b.id}
              component={Link}
              to={`/badges/${b.id}`}
              className={classes.badge}
              aria-label={`Badge ${b.refbadge.name}`}
            >
              <Image src={b.refbadge.pict} alt="" w={72} h={72} />
              <Text size="sm" fw={600} ta="center" lineClamp={2}>
                {b.refbadge.name}
              </Text>
            </UnstyledButton>
          ))}
        </Group>
      </div>
      {scrollable && (
        <ActionIcon
          variant="default"
          radius="xl"
          size={44}
          className={classes.next}
          visibleFrom="sm"
          aria-label="Badges suivants"
          disabled={edges.end}
          onClick={() => page(1)}
        >
          <IconChevronRight size={20} />
        </ActionIcon>
      )}
    </div>
  );
}
