import type { ReactNode } from 'react';

/** Questions that open to their answers (native details/summary: keyboard and screen-reader ready). */
export function FaqList({
  items,
  renderAnswer = (answer) => answer,
  className = 'mt-4',
}: {
  items: { question: string; answer: string }[];
  renderAnswer?: (answer: string) => ReactNode;
  className?: string;
}) {
  return (
    <div className={`${className} divide-y divide-beige rounded-3xl border border-beige bg-white`}>
      {items.map((item) => (
        <details key={item.question} className="group px-6 py-4">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-semibold text-cocoa">
            {item.question}
            <span aria-hidden="true" className="text-xl transition group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="mt-2 leading-relaxed text-muted">{renderAnswer(item.answer)}</p>
        </details>
      ))}
    </div>
  );
}
