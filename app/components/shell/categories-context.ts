import { createContext, useContext } from "react";
import type { NavCategory } from "./nav";

/** The shop's categories with something on show ('All' first), as the storefront layout read them. */
export const CategoriesContext = createContext<NavCategory[]>([]);

export const useNavCategories = () => useContext(CategoriesContext);
