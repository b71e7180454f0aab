import type { ArticleResult, Company, PostTone } from '@cadence/shared';
import {
  DEFAULT_EMOJI_COUNT,
  DEFAULT_HASHTAG_COUNT,
  DEFAULT_POST_TONE,
  POST_MESSAGES,
  PostToneSchema,
} from '@cadence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/textarea-field';
import { getConnectedNetworkIds } from '../../../lib/connected-networks';
import { createPost } from '../api/create-post';
import { generatePostFromUrl } from '../api/generate-post-from-url';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';
import type { PostFormValues } from '../utils/post-form-values';
import { sizeFormatOrNull, toPostFormData } from '../utils/post-form-values';
import { EntitySelect, SizeFormatSelect, ToneSelect, toSizeFormat } from './post-selects';
import { toastApiError } from '../../../components/ui/error-toast';

interface CreatePostsStepProps {
  articles: readonly ArticleResult[];
  companies: readonly Company[];
  onBack: () => void;
  onDone: () => void;
}

const seed = (article: ArticleResult) =>
  [article.title, article.description].filter((part) => part.trim() !== '').join('\n\n');

/** Step two of the picker: one editable post per article, AI-written on request, then created. */
export function CreatePostsStep({ articles, companies, onBack, onDone }: CreatePostsStepProps) {
  const queryClient = useQueryClient();
  const [companyId, setCompanyId] = useState(companies[0]?.id ?? '');
  const [tone, setTone] = useState<PostTone>(DEFAULT_POST_TONE);
  const [sizeFormat, setSizeFormat] = useState<PostFormValues['size_format']>('');
  const [remaining, setRemaining] = useState<readonly ArticleResult[]>(articles);
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(articles.map((article) => [article.id, seed(article)])),
  );
  const [busy, setBusy] = useState<'generating' | 'creating' | null>(null);

  async function generate() {
    setBusy('generating');
    const outcomes = await Promise.allSettled(
      remaining.map((article) =>
        generatePostFromUrl({
          url: article.url,
          company_id: companyId === '' ? null : companyId,
          tone,
          size_format: sizeFormatOrNull(sizeFormat),
          emoji_count: DEFAULT_EMOJI_COUNT,
          hashtag_count: DEFAULT_HASHTAG_COUNT,
        }),
      ),
    );
    const next = { ...drafts };
    outcomes.forEach((outcome, index) => {
      const article = remaining[index];
      if (outcome.status === 'fulfilled' && article !== undefined) next[article.id] = outcome.value;
    });
    setDrafts(next);
    const failure = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failure !== undefined) toastApiError(failure.reason, POST_MESSAGES.urlScanFailed);
    else toast.success(POST_MESSAGES.urlScanned);
    setBusy(null);
  }

  async function createAll() {
    const missing = [
      ...(companyId === '' ? ['company'] : []),
      ...(remaining.some((article) => (drafts[article.id] ?? '').trim() === '') ? ['content'] : []),
    ];
    if (missing.length > 0) {
      toast.error(POST_MESSAGES.requiredFields(missing));
      return;
    }
    const company = companies.find((item) => item.id === companyId);
    const platforms = company === undefined ? [] : getConnectedNetworkIds(company);
    setBusy('creating');
    const failed: ArticleResult[] = [];
    let lastError: unknown = null;
    for (const article of remaining) {
      const body = toPostFormData(
        {
          content: drafts[article.id] ?? '',
          company_id: companyId,
          tone,
          url: article.url,
          platforms,
          scheduled_for: null,
          status: 'draft',
          variants: {},
          thread: [],
          first_comment: null,
          shortened_url: null,
          url_shortened: false,
        },
        { kind: 'keep' },
        { includeStatus: false },
      );
      try {
        await createPost(body);
      } catch (error) {
        failed.push(article);
        lastError = error;
      }
    }
    setBusy(null);
    await queryClient.invalidateQueries({ queryKey: POSTS_QUERY_KEY });
    if (failed.length === 0) {
      toast.success(POST_MESSAGES.created);
      onDone();
      return;
    }
    // The created ones leave the list, so trying again does not make them twice.
    setRemaining(failed);
    toastApiError(lastError, POST_MESSAGES.createFailed);
  }

  return (
    <div>
      <div className="grid gap-4 sm:grid-cols-3">
        <EntitySelect
          id="articles-entity"
          companies={companies}
          value={companyId}
          onChange={(event) => setCompanyId(event.target.value)}
        />
        <ToneSelect
          id="articles-tone"
          value={tone}
          onChange={(event) => {
            const parsed = PostToneSchema.safeParse(event.target.value);
            if (parsed.success) setTone(parsed.data);
          }}
        />
        <SizeFormatSelect
          id="articles-size"
          value={sizeFormat}
          onChange={(event) => setSizeFormat(toSizeFormat(event.target.value))}
        />
      </div>
      <div className="mt-4 flex justify-end">
        <Button
          variant="soft"
          size="sm"
          icon={<Sparkles className="size-4" aria-hidden="true" />}
          isLoading={busy === 'generating'}
          loadingText="Generating..."
          disabled={busy !== null}
          onClick={() => void generate()}
        >
          Generate Content
        </Button>
      </div>
      <ol className="mt-3 max-h-[45vh] space-y-4 overflow-y-auto pr-1">
        {remaining.map((article, index) => (
          <li key={article.id}>
            <TextareaField
              id={`article-post-${index + 1}`}
              label={`Post ${index + 1}: ${article.title}`}
              rows={5}
              value={drafts[article.id] ?? ''}
              onChange={(event) =>
                setDrafts((current) => ({ ...current, [article.id]: event.target.value }))
              }
            />
          </li>
        ))}
      </ol>
      <div className="mt-5 flex flex-col-reverse gap-3 border-t border-gray-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy !== null} onClick={onBack}>
          Cancel
        </Button>
        <Button
          isLoading={busy === 'creating'}
          loadingText="Creating..."
          disabled={busy !== null}
          onClick={() => void createAll()}
        >
          Create Posts
        </Button>
      </div>
    </div>
  );
}
