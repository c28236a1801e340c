// The pictures are imported as files (`import picture from './exploded.ru.svg'`): Next.js's types
// for such imports, named here because `next-env.d.ts`, which names them too, is written by the
// build and a clean clone is type-checked before it builds.
/// <reference types="next/image-types/global" />
