import type {
  LabelledSentence,
  SentimentLabel,
  SentimentSource,
} from '~/domain/tracking/reading/sentiment';

const BADGES: Record<SentimentLabel, { label: string; className: string }> = {
  positive: { label: 'Positive', className: 'border-emerald-700 bg-emerald-50 text-emerald-900' },
  neutral: { label: 'Neutral', className: 'border-slate-500 bg-slate-50 text-slate-800' },
  negative: { label: 'Negative', className: 'border-red-700 bg-red-50 text-red-900' },
};

/** Under an answer: its sentences naming the business, each with its label in words. */
export function AnswerSentences({
  answer,
}: {
  answer: {
    mentioned: boolean;
    sentences: LabelledSentence[] | null;
    sentimentBy: SentimentSource | null;
  };
}) {
  if (answer.sentences === null)
    return answer.mentioned ? (
      <p className="mt-3 text-sm text-slate-700" data-testid="answer-sentences-unread">
        How it describes you: not read (recorded before sentences were kept).
      </p>
    ) : null;
  if (!answer.sentences.length) return null;
  return (
    <div className="mt-3 text-sm" data-testid="answer-sentences">
      <p className="font-semibold text-slate-800">
        How it describes you{' '}
        <span className="font-normal text-slate-600">
          (labelled by{' '}
          {answer.sentimentBy === 'model'
            ? 'an AI model reading the answer'
            : 'our list of positive and negative words'}
          )
        </span>
      </p>
      <ul className="mt-1 space-y-1">
        {answer.sentences.map((sentence, index) => {
          const badge = BADGES[sentence.label];
          return (
            <li
              key={index}
              className="flex gap-2"
              data-testid="answer-sentence"
              data-label={sentence.label}
            >
              <span
                className={`h-fit shrink-0 rounded border px-1.5 py-0.5 text-xs font-semibold ${badge.className}`}
              >
                {badge.label}
              </span>
              <span className="user-text text-slate-800">&ldquo;{sentence.text}&rdquo;</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
