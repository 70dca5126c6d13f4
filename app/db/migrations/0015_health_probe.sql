CREATE TABLE "health_probe" (
	"value" text NOT NULL
);
