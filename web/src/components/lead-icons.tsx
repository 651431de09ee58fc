/** Icons of the lead lists' row actions (inline SVG, same style as icons.tsx). */
import { Svg as IconSvg, type IconProps } from './icons';

/** Row-action icons are a little smaller than the page icons. */
function Svg(props: IconProps) {
  return <IconSvg size={18} {...props} />;
}

export function TrashIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 7h16" />
      <path d="M10 11v6M14 11v6" />
      <path d="M6 7l1 13h10l1-13" />
      <path d="M9 7V4h6v3" />
    </Svg>
  );
}

export function RestoreIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 12a9 9 0 1 0 3-6.7" />
      <path d="M3 4v5h5" />
    </Svg>
  );
}
