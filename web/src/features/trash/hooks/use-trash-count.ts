/** How many leads are in the trash, for the 'Lixeira (N)' tab label (being built). */
export function useTrashCount(): number {
  return 0;
}
