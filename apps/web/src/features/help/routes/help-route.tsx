import { HELP_ENTRIES, type HelpKind } from '@fitbase/domain/help-catalog';
import { Search } from 'lucide-react';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useHelpViews } from '../api/list-help-views';
import { useRecordArticleView } from '../api/record-article-view';
import { ArticlesTab } from '../components/articles-tab';
import { FaqsTab } from '../components/faqs-tab';
import { HelpArticle } from '../components/help-article';
import { pick } from '../components/help-list-item';
import { ResourcesTab } from '../components/resources-tab';
import { TutorialsTab } from '../components/tutorials-tab';
import { helpEntry } from '../lib/help-content';
import { buildHelpIndex, searchHelp } from '../lib/help-search';

const TABS = [
  { value: 'articles', kind: 'article', label: 'Articles' },
  { value: 'faqs', kind: 'faq', label: 'FAQs' },
  { value: 'tutorials', kind: 'tutorial', label: 'Tutorials' },
  { value: 'resources', kind: 'resource', label: 'Resources' },
] as const satisfies ReadonlyArray<{ value: string; kind: HelpKind; label: string }>;
type HelpTab = (typeof TABS)[number]['value'];

const ofKind = (kind: HelpKind) => HELP_ENTRIES.filter((e) => e.kind === kind);

/**
 * /help (docs/product/settings-and-help.md#help-center). The tab, the search and the opened
 * entry live in the URL: `/help?article=<slug>` is what global search links to, for any kind
 * (articles and tutorials open; a FAQ opens in its tab; a resource is outlined in its tab).
 */
export function HelpRoute() {
  const [params, setParams] = useSearchParams();
  // The box keeps its own text (a URL update per keystroke would lag behind fast typing); the
  // URL follows it, so a search survives opening an article and coming back.
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const searched = useDeferredValue(query);
  const linked = helpEntry(params.get('article'));
  const opened = linked?.kind === 'article' || linked?.kind === 'tutorial' ? linked : undefined;
  const linkedTab = TABS.find((t) => t.kind === linked?.kind)?.value;
  const requested = params.get('tab') as HelpTab | null;
  const tab: HelpTab = TABS.some((t) => t.value === requested)
    ? requested!
    : (linkedTab ?? 'articles');

  const index = useMemo(() => buildHelpIndex(HELP_ENTRIES), []);
  const matches = useMemo(() => searchHelp(index, searched), [index, searched]);
  const lists = useMemo(() => {
    const order = (kind: HelpKind) => (matches.slugs ? (matches.slugs.get(kind) ?? []) : null);
    return Object.fromEntries(TABS.map((t) => [t.kind, pick(ofKind(t.kind), order(t.kind))]));
  }, [matches]);

  const views = useHelpViews();
  const record = useRecordArticleView();
  // One count per opening: the ref keeps a re-render (or React's dev double effect) from
  // counting twice, and is cleared when the article closes so opening it again counts again.
  const counted = useRef<string | null>(null);
  const openedArticle = opened?.kind === 'article' ? opened.slug : null;
  const { mutate } = record;
  useEffect(() => {
    if (!openedArticle) {
      counted.current = null;
      return;
    }
    if (counted.current === openedArticle) return;
    counted.current = openedArticle;
    mutate(openedArticle);
  }, [openedArticle, mutate]);

  // A FAQ or resource linked from global search: bring it into view once the tab shows it.
  const linkedInTab = linked && !opened ? linked.slug : null;
  useEffect(() => {
    if (linkedInTab)
      document.getElementById(`help-${linkedInTab}`)?.scrollIntoView?.({ block: 'center' });
  }, [linkedInTab]);

  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value === null) next.delete(key);
      else next.set(key, value);
    const search = next.toString();
    return search ? `/help?${search}` : '/help';
  };
  const articleHref = (slug: string) => hrefWith({ article: slug });

  if (opened)
    return (
      <HelpArticle
        entry={opened}
        views={
          opened.kind === 'article' && views.data ? (views.data.views[opened.slug] ?? 0) : undefined
        }
        backHref={hrefWith({ article: null, tab: opened.kind === 'tutorial' ? 'tutorials' : null })}
      />
    );

  const setParam = (key: string, value: string) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: key === 'q' },
    );

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-3xl font-bold tracking-tight">Help Center</h1>
        <p className="text-muted-foreground">
          Guides, answers and downloads for running your studio with FitBase.
        </p>
      </div>
      <div className="relative max-w-xl">
        <Search
          className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2"
          aria-hidden
        />
        <Input
          type="search"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setParam('q', e.target.value);
          }}
          placeholder="Search help articles..."
          aria-label="Search help articles"
          className="pl-9"
        />
      </div>
      <Tabs value={tab} onValueChange={(value) => setParam('tab', value)}>
        <TabsList>
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
              <span className="bg-muted text-muted-foreground ml-1.5 rounded-full px-1.5 text-xs tabular-nums">
                {lists[t.kind]!.length}
              </span>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="articles" className="pt-4">
          <ArticlesTab
            articles={lists.article!}
            terms={matches.terms}
            query={searched}
            views={views.data?.views}
            articleHref={articleHref}
          />
        </TabsContent>
        <TabsContent value="faqs" className="pt-4">
          <FaqsTab
            faqs={lists.faq!}
            terms={matches.terms}
            query={searched}
            openSlug={linked?.kind === 'faq' ? linked.slug : null}
          />
        </TabsContent>
        <TabsContent value="tutorials" className="pt-4">
          <TutorialsTab
            tutorials={lists.tutorial!}
            terms={matches.terms}
            query={searched}
            articleHref={articleHref}
          />
        </TabsContent>
        <TabsContent value="resources" className="pt-4">
          <ResourcesTab
            resources={lists.resource!}
            terms={matches.terms}
            query={searched}
            focusSlug={linked?.kind === 'resource' ? linked.slug : null}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
