CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"alt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_images_product_id_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_product_url_unique" ON "product_images" USING btree ("product_id","url");--> statement-breakpoint
-- custom: gallery
-- The catalogue cache's version moves with the gallery too (as migration 0004 does for the other
-- catalogue tables), and every product's one image becomes its gallery's first, described by its name.
CREATE TRIGGER "product_images_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
INSERT INTO "product_images" ("product_id", "position", "url", "alt")
SELECT "id", 0, "image_url", "name" FROM "products" WHERE "image_url" IS NOT NULL AND "image_url" <> '';
