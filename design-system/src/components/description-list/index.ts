export type {
  DescriptionActionProps,
  DescriptionDetailsProps,
  DescriptionItemProps,
  DescriptionListProps,
  DescriptionTermProps,
} from './description-list';
export {
  DescriptionAction,
  DescriptionDetails,
  DescriptionItem,
  DescriptionList,
  DescriptionTerm,
  descriptionListVariants,
} from './description-list';
