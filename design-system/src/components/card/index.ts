export type {
  CardContentProps,
  CardDescriptionProps,
  CardFooterProps,
  CardHeaderProps,
  CardProps,
  CardTitleProps,
} from './card';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';
