/**
 * Tabs after the WAI-ARIA pattern: a tablist whose arrow keys, Home and End move between
 * tabs (one tab stop in all), and the selected tab's panel, labelled by its tab.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

export interface AdminTab {
  readonly id: string;
  readonly label: string;
}

export interface AdminTabsProps {
  readonly label: string;
  readonly tabs: readonly AdminTab[];
  readonly selected: string;
  onSelect(id: string): void;
  /** The selected tab's panel content. */
  readonly children: ReactNode;
}

const tabId = (id: string) => `admin-tab-${id}`;
const panelId = (id: string) => `admin-panel-${id}`;

/**
 * @example
 * <AdminTabs label="Admin sections" tabs={[{ id: 'users', label: 'Users' }]} selected="users" onSelect={go}>
 *   <UsersPanel />
 * </AdminTabs>
 */
export function AdminTabs({ label, tabs, selected, onSelect, children }: AdminTabsProps) {
  const list = useRef<HTMLDivElement>(null);

  // On a narrow screen the tab row scrolls: keep the selected tab in sight (sideways only,
  // so the page does not move).
  useEffect(() => {
    const row = list.current;
    const tab = row?.querySelector<HTMLElement>(`#${tabId(selected)}`);
    if (!row || !tab) return;
    if (
      tab.offsetLeft < row.scrollLeft ||
      tab.offsetLeft + tab.offsetWidth > row.scrollLeft + row.clientWidth
    ) {
      row.scrollLeft = tab.offsetLeft - 16;
    }
  }, [selected]);

  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const to =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const tab = to === undefined ? undefined : tabs[to];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    list.current?.querySelector<HTMLButtonElement>(`#${tabId(tab.id)}`)?.focus();
  };

  return (
    <div className="admin-tabs">
      <div ref={list} role="tablist" aria-label={label} className="admin-tablist">
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className="admin-tab"
              aria-selected={isSelected}
              // Only the shown panel exists, so only its tab may point at it.
              {...(isSelected ? { 'aria-controls': panelId(tab.id) } : {})}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={(e) => move(e, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        id={panelId(selected)}
        role="tabpanel"
        aria-labelledby={tabId(selected)}
        className="admin-panel"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes the panel a tab stop when it has no control first.
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
