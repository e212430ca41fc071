/** Texts longer than this may take more than three lines on a phone: they get clamped. */
const CLAMP_AFTER = 120;

/**
 * What a person wrote at length (a 1,140-character description), clamped to three lines so it
 * neither fills its card nor stretches the row, with a native disclosure that shows it whole. The
 * CSS (`.clamped` in tailwind.css) unclamps the text while the disclosure is open, so it works
 * without JavaScript, and screen readers read the whole text once (the clamp is visual only).
 */
export function ClampedText({
  text,
  label,
  className = '',
  testId,
}: {
  text: string;
  /** What the text is, for the disclosure's name ('the description of Rapid Rooter'). */
  label: string;
  className?: string;
  testId?: string;
}) {
  if (text.length <= CLAMP_AFTER) {
    return (
      <p className={className} data-testid={testId}>
        {text}
      </p>
    );
  }
  return (
    <div className={`clamped ${className}`} data-testid={testId}>
      <p className="clamped-text">{text}</p>
      <details>
        <summary className="clamped-toggle">
          <span className="clamped-more">Show all</span>
          <span className="clamped-less">Show less</span>
          <span className="sr-only"> of {label}</span>
        </summary>
      </details>
    </div>
  );
}
