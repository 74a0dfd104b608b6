CREATE TABLE "image_orphans" (
	"name" text PRIMARY KEY NOT NULL,
	"unreferenced_since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"etag" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "images_created_at_name_idx" ON "images" USING btree ("created_at","name");--> statement-breakpoint
-- WebP is compressed already: keep the bytes out of line without trying to compress them again.
ALTER TABLE "images" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
