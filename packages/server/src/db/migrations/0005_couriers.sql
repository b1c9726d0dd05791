CREATE TABLE "couriers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "couriers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"tracking_url_template" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "couriers_name_unique" UNIQUE("name"),
	CONSTRAINT "couriers_tracking_url_template_check" CHECK ("couriers"."tracking_url_template" LIKE 'https://%{tracking}%')
);
--> statement-breakpoint
-- The couriers every installation starts with, here rather than in the reference seed so that databases
-- seeded before this table existed get them too. The demo's courier names are among them.
INSERT INTO "couriers" ("name", "tracking_url_template", "sort") VALUES
	('Australia Post', 'https://auspost.com.au/mypost/track/details/{tracking}', 0),
	('Australia Post Express', 'https://auspost.com.au/mypost/track/details/{tracking}', 1),
	('StarTrack', 'https://startrack.com.au/track/details/{tracking}', 2),
	('TNT', 'https://www.tnt.com/express/en_au/site/shipping-tools/tracking.html?searchType=con&cons={tracking}', 3),
	('DHL Express', 'https://www.dhl.com/au-en/home/tracking/tracking-express.html?submit=1&tracking-id={tracking}', 4),
	('Aramex', 'https://www.aramex.com.au/tools/track?l={tracking}', 5),
	('NZ Post', 'https://www.nzpost.co.nz/tools/tracking/item/{tracking}', 6),
	('CourierPost', 'https://trackandtrace.courierpost.co.nz/search/{tracking}', 7),
	('NZ Couriers', 'https://www.nzcouriers.co.nz/track/{tracking}', 8);
