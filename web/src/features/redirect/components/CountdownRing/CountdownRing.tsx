/** A circular countdown: an SVG ring filled in proportion to `fraction`, the seconds in its centre. */
import classes from './CountdownRing.module.css';

/** The ring's width and height (px). */
export const ringSize = 148;
const size = ringSize;
const stroke = 10;
const radius = (size - stroke) / 2;
const circumference = 2 * Math.PI * radius;

export function CountdownRing({ seconds, fraction }: { seconds: number; fraction: number }) {
  const filled = Math.max(0, Math.min(1, fraction)) * circumference;
  return (
    <div className={classes.ring} style={{ width: size, height: size }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true">
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="var(--mantine-color-gray-2)"
          strokeWidth={stroke}
        />
        <circle
          className={classes.ringValue}
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          stroke="var(--mantine-color-teal-6)"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={`${filled} ${circumference}`}
          transform={`rotate(-90 ${size / 2} ${size / 2})`}
        />
      </svg>
      <span
        className={classes.seconds}
        role="timer"
        aria-label={`${seconds} s`}
        data-testid="countdown"
      >
        {seconds}
      </span>
    </div>
  );
}
