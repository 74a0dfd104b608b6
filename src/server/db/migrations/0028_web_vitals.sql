CREATE TABLE "web_vital_buckets" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"device" text NOT NULL,
	"connection" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "web_vital_buckets_day_route_device_connection_metric_bucket_pk" PRIMARY KEY("day","route","device","connection","metric","bucket"),
	CONSTRAINT "web_vital_buckets_count_positive" CHECK ("web_vital_buckets"."count" > 0)
);
